using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>Bad input, lifetimes, panics and threads: no sequence of calls may crash the process.</summary>
public class BoundaryTests
{
    private const string Solved = "AAbCCdEEfGGh|iJJkLLmNNoPP|S";

    private static void AssertNull(string param, Action call)
    {
        var ex = Assert.ThrowsAny<ArgumentNullException>(call);
        Assert.Equal(param, ex.ParamName);
        Assert.Equal($"{param} must not be null", ex.Message);
        Assert.Equal(7, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
    }

    [Fact]
    public void every_public_method_rejects_null_with_ArgumentNullException()
    {
        var s = Square1State.Solved();
        using var t = new Square1Tables();
        AssertNull("text", () => Square1State.Parse(null!));
        AssertNull("moves", () => s.Apply(null!));
        AssertNull("moves", () => s.Apply(null!, Notation.Article));
        AssertNull("other", () => s.EqualsUpToLayerRotation(null!));
        AssertNull("moves", () => Square1Moves.Convert(null!, Notation.Wca, Notation.Article));
        AssertNull("moves", () => Square1Moves.Inverse(null!));
        AssertNull("state", () => t.TwistsToCubeShape(null!));
        AssertNull("message", () => NativeDebug.Panic(null!));
        AssertNull("tables", () => NativeDebug.HoldTables(null!, 1));
    }

    [Fact]
    public void unknown_enum_values_are_ArgumentException_with_the_engine_message()
    {
        using var t = new Square1Tables();
        var e1 = Assert.ThrowsAny<ArgumentException>(() => Square1State.Solved((Colouring)5));
        Assert.Equal("unknown colouring 5 (0 = six-colour, 1 = Silver)", e1.Message);
        Assert.Equal(6, ((ITwistyException)e1).Code);
        Assert.IsNotType<ArgumentNullException>(e1);

        var e2 = Assert.ThrowsAny<ArgumentException>(() => Square1Moves.Inverse("/", (Notation)7));
        Assert.Equal("unknown notation 7 (0 = WCA, 1 = article)", e2.Message);

        var e3 = Assert.ThrowsAny<ArgumentException>(() => t.CountShapes((ShapeCount)9));
        Assert.Equal("unknown shape count kind 9 (0 = layer shapes, 1 = twistable positions, 2 = up to layer rotation, 3 = up to rotation and flip)", e3.Message);

        var e4 = Assert.ThrowsAny<ArgumentException>(() => t.RandomState(1, (Colouring)2));
        Assert.Equal(6, ((ITwistyException)e4).Code);

        var e5 = Assert.ThrowsAny<ArgumentException>(() => NativeDebug.HoldTables(t, -1));
        Assert.Equal(6, ((ITwistyException)e5).Code);
    }

    [Fact]
    public void notation_errors_are_FormatExceptions_with_code_and_position()
    {
        var ex = Assert.Throws<InvalidNotationException>(() => Square1State.Solved().Apply("(7,0)"));
        Assert.IsAssignableFrom<FormatException>(ex);
        Assert.Equal(1, ex.Code);
        Assert.Equal(1, ex.Position);
        Assert.Equal("at position 1: turn 7 is out of range -5..=6", ex.Message);
    }

    [Fact]
    public void tables_cannot_be_used_once_disposed()
    {
        var t = new Square1Tables();
        var s = Square1State.Solved();
        t.Dispose();
        foreach (var call in new Action[]
                 {
                     () => t.RandomState(1),
                     () => t.CountShapes(ShapeCount.LayerShapes),
                     () => t.TwistsToCubeShape(s),
                     () => NativeDebug.HoldTables(t, 0),
                 })
        {
            var ex = Assert.ThrowsAny<ObjectDisposedException>(call);
            Assert.Equal("Square1Tables is closed", ex.Message);
            Assert.Equal(8, Assert.IsAssignableFrom<ITwistyException>(ex).Code);
        }
    }

    [Fact]
    public void disposing_twice_is_harmless()
    {
        var t = new Square1Tables();
        t.Dispose();
        t.Dispose();
        Assert.ThrowsAny<ObjectDisposedException>(() => t.CountShapes(ShapeCount.LayerShapes));
    }

    [Fact]
    public void a_native_panic_becomes_NativePanicException_and_the_library_keeps_working()
    {
        using var t = new Square1Tables();
        for (var i = 0; i < 3; i++)
        {
            var ex = Assert.Throws<NativePanicException>(() => NativeDebug.Panic($"round {i}"));
            Assert.Equal($"debug panic requested: round {i}", ex.Message);
            Assert.Equal(9, ex.Code);
            Assert.IsAssignableFrom<TwistyException>(ex);
        }
        Assert.Equal(Solved, Square1State.Solved().ToString());
        Assert.Equal(29, t.CountShapes(ShapeCount.LayerShapes));
        Assert.Throws<InvalidNotationException>(() => Square1State.Parse("x"));
    }

    [Fact]
    public void panics_on_many_threads_at_once_are_all_caught()
    {
        Parallel.For(0, 32, i =>
        {
            var ex = Assert.Throws<NativePanicException>(() => NativeDebug.Panic($"thread {i}"));
            Assert.Equal($"debug panic requested: thread {i}", ex.Message);
        });
        Assert.True(Square1State.Solved().IsSolved);
    }

    [Fact]
    public async Task dispose_during_a_call_waits_for_the_call_and_later_calls_throw()
    {
        var t = new Square1Tables();
        var expected = NativeDebug.HoldTables(t, 0);
        var holder = Task.Factory.StartNew(() => NativeDebug.HoldTablesUntilReleased(t), TaskCreationOptions.LongRunning);
        try
        {
            // A handshake, not a sleep: the call is inside native code until released below.
            NativeDebug.AwaitHeld(1);
            t.Dispose(); // returns at once: the native object is freed when the holder's call returns
            Assert.ThrowsAny<ObjectDisposedException>(() => t.CountShapes(ShapeCount.LayerShapes));
            Assert.False(holder.IsCompleted, "Dispose returned while the call was still running");
        }
        finally
        {
            NativeDebug.ReleaseHeld(); // never leave a call held when an assertion failed
        }
        Assert.Equal(expected, await holder); // the in-flight call finished on live memory
        Assert.ThrowsAny<ObjectDisposedException>(() => NativeDebug.HoldTables(t, 0));
        t.Dispose();
    }

    [Fact]
    public void many_threads_on_one_tables_object_give_the_same_answers()
    {
        using var t = new Square1Tables();
        var seeds = Enumerable.Range(0, 64).Select(i => (ulong)i * 7919).ToArray();
        var expected = seeds.Select(s => t.RandomState(s, s % 2 == 0 ? Colouring.SixColour : Colouring.Silver)).ToArray();
        var twists = expected.Select(t.TwistsToCubeShape).ToArray();

        var failures = new List<Exception>();
        var threads = Enumerable.Range(0, 16).Select(_ => new Thread(() =>
        {
            try
            {
                for (var round = 0; round < 5; round++)
                {
                    for (var i = 0; i < seeds.Length; i++)
                    {
                        var s = t.RandomState(seeds[i], seeds[i] % 2 == 0 ? Colouring.SixColour : Colouring.Silver);
                        Assert.Equal(expected[i], s);
                        Assert.Equal(twists[i], t.TwistsToCubeShape(s));
                        Assert.Equal(170, t.CountShapes(ShapeCount.UpToLayerRotation));
                    }
                }
            }
            catch (Exception e)
            {
                lock (failures)
                {
                    failures.Add(e);
                }
            }
        })).ToList();
        foreach (var th in threads)
        {
            th.Start();
        }
        foreach (var th in threads)
        {
            th.Join();
        }
        Assert.Empty(failures);
    }

    [Fact]
    public void undisposed_tables_are_freed_by_the_finalizer()
    {
        static void Leak()
        {
            for (var i = 0; i < 4; i++)
            {
                _ = new Square1Tables().CountShapes(ShapeCount.LayerShapes);
            }
        }
        Leak();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        using var t = new Square1Tables();
        Assert.Equal(90, t.CountShapes(ShapeCount.UpToRotationAndFlip));
    }

    [Fact]
    public void long_and_odd_strings_give_errors_not_crashes()
    {
        var big = new string('(', 4_000_000);
        Assert.Throws<InvalidNotationException>(() => Square1State.Parse(big));
        Assert.Throws<InvalidNotationException>(() => Square1Moves.Inverse(big));
        Assert.Throws<InvalidNotationException>(() => Square1State.Parse("\uD800"));
        Assert.Throws<InvalidNotationException>(() => Square1State.Parse("\0"));
        Assert.Equal("", Square1Moves.Inverse(""));
    }

    [Fact]
    public void states_are_values()
    {
        var a = Square1State.Parse(Solved);
        var b = Square1State.Solved(Colouring.SixColour);
        Assert.Equal(a, b);
        Assert.True(a == b);
        Assert.False(a != b);
        Assert.Equal(a.GetHashCode(), b.GetHashCode());
        Assert.Equal(Solved, a.ToString());
        Assert.Equal(Colouring.SixColour, a.Colouring);
        Assert.Equal(Colouring.Silver, a.ToSilver().Colouring);
        Assert.True(a.IsSolved && a.IsSolvedIgnoringMiddle && a.IsTwistable && a.IsMiddleSquare);
        Assert.Equal("CeCeCeCe/CeCeCeCe", a.ShapeName);

        var turned = a.Apply("(1,0)");
        Assert.NotEqual(a, turned);
        Assert.True(turned.EqualsUpToLayerRotation(a));
        Assert.Equal(a, turned.Apply(Square1Moves.Inverse("(1,0)")));
        Assert.Equal(turned, a.Apply("(-1,0)", Notation.Article));
        Assert.False(a.Equals(null));
    }
}

using System;
using System.Linq;
using System.Threading.Tasks;
using Twisty.Cube3;
using Xunit;

namespace Twisty.Tests;

/// <summary>The public 3x3x3 API beyond the vectors: value semantics, group laws, nulls, errors, seeds.</summary>
public class Cube3Tests
{
    private const string SolvedText = "ABCDEFGH=ABCDEFGHIJKL=A";

    private static readonly string[] Algs =
    [
        "R U R' U'",
        "R (U) F",
        "x y' z2 Rw U Lw' Dw2 M E S'",
        "Fw Bw' Uw (Dw' Rw2) Lw",
        "M2 E2 S2 (x2 R)",
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
    ];

    [Fact]
    public void solved_is_the_standard_cube()
    {
        var s = Cube.Solved;
        Assert.Equal(SolvedText, s.ToString());
        Assert.True(s.IsSolved);
        Assert.Equal(s, Cube.Parse(SolvedText));
        Assert.Same(s, Cube.Solved);
        Assert.Equal(s, Cube.FromMoves(""));
    }

    [Fact]
    public void cubes_are_values_compared_by_text()
    {
        var a = Cube.FromMoves("R U R' U'");
        var b = Cube.Solved.Apply("RUR'U'");
        Assert.Equal(a, b);
        Assert.True(a == b);
        Assert.False(a != b);
        Assert.True(a.Equals((object)b));
        Assert.Equal(a.GetHashCode(), b.GetHashCode());
        Assert.NotEqual(a, Cube.FromMoves("R U"));
        Assert.False(a.Equals(null));
        Assert.False(a == null);
        Assert.False(a.Equals((object)a.ToString()));
        // A rotation changes the orientation only: solved pieces, but not the standard cube.
        var x = Cube.FromMoves("x");
        Assert.True(x.IsSolved);
        Assert.NotEqual(Cube.Solved, x);
        Assert.Equal("ABCDEFGH=ABCDEFGHIJKL=Q", x.ToString());
    }

    [Fact]
    public void text_round_trips()
    {
        foreach (var alg in Algs)
        {
            var c = Cube.FromMoves(alg);
            Assert.Equal(c, Cube.Parse(c.ToString()));
        }
        for (ulong seed = 0; seed < 20; seed++)
        {
            var c = Cube.Random(seed);
            Assert.Equal(c, Cube.Parse(c.ToString()));
        }
    }

    [Fact]
    public void apply_then_inverse_moves_is_the_start()
    {
        var start = Cube.Random(7);
        foreach (var alg in Algs)
        {
            var there = start.Apply(alg);
            Assert.True(Cube.FromMoves(alg).Apply(Moves.Inverse(alg)).IsSolved);
            Assert.Equal(Cube.Solved, Cube.FromMoves(alg).Apply(Moves.Inverse(alg)));
            if (!alg.Contains('('))
            {
                // Moves in parentheses are premoves on another cube (as nissy applies them),
                // so these two hold for plain sequences only; the vectors pin the NISS case.
                Assert.Equal(start, there.Apply(Moves.Inverse(alg)));
                Assert.Equal(there, start.Compose(Cube.FromMoves(alg)));
            }
        }
    }

    [Fact]
    public void compose_with_the_inverse_is_solved()
    {
        foreach (var alg in Algs)
        {
            var c = Cube.Random((ulong)alg.Length).Apply(alg);
            Assert.Equal(Cube.Solved, c.Compose(c.Inverse()));
            Assert.Equal(Cube.Solved, c.Inverse().Compose(c));
            Assert.Equal(c, c.Inverse().Inverse());
            Assert.True(c.Compose(c.Inverse()).IsSolved);
            Assert.Equal(Cube.FromMoves(Moves.Inverse(alg)), Cube.FromMoves(alg).Inverse());
        }
    }

    [Fact]
    public void moves_are_written_canonically()
    {
        Assert.Equal("R U F (B' D)", Moves.Canonical("R(B'D)UF"));
        Assert.Equal("x' y2 Rw'", Moves.Canonical("x3y2'Rw3"));
        Assert.Equal("", Moves.Canonical("  "));
        Assert.Equal("F' R' U", Moves.Inverse("R (U) F"));
        Assert.Equal(Cube.FromMoves("U' R F"), Cube.FromMoves("R (U) F"));
    }

    [Fact]
    public void seeded_random_cubes_are_reproducible()
    {
        Assert.Equal("TAOJKPNU=WDRYQZSaULVX=A", Cube.Random(0).ToString());
        Assert.Equal(Cube.Random(42), Cube.Random(42));
        Assert.NotEqual(Cube.Random(42), Cube.Random(43));
        Assert.Equal(Cube.Random(ulong.MaxValue), Cube.Random(ulong.MaxValue));
        // Many threads at once give the same cubes as one thread.
        var sequential = Enumerable.Range(0, 200).Select(i => Cube.Random((ulong)i)).ToArray();
        var parallel = new Cube[200];
        Parallel.For(0, 200, i => parallel[i] = Cube.Random((ulong)i));
        Assert.Equal(sequential, parallel);
        Assert.DoesNotContain(sequential, c => c.IsSolved);
    }

    [Fact]
    public void malformed_text_is_a_FormatException_with_position()
    {
        var e = Assert.Throws<InvalidNotationException>(() => Cube.Parse("ABCgEFGH=ABCDEFGHIJKL=A"));
        Assert.IsAssignableFrom<FormatException>(e);
        Assert.Equal(1, e.Code);
        Assert.Equal(3, e.Position);
        Assert.Equal("at position 3: invalid character 'g' (expected A-Z or a-f)", e.Message);
        var m = Assert.Throws<InvalidNotationException>(() => Cube.Solved.Apply("R U q"));
        Assert.Equal(4, m.Position);
        Assert.Equal("at position 4: unexpected 'q' (expected a move, '(' or ')')", m.Message);
        Assert.Equal(2, Assert.Throws<InvalidNotationException>(() => Moves.Canonical("R (U F")).Position);
    }

    [Fact]
    public void unsolvable_cubes_are_InvalidStateException()
    {
        var e = Assert.Throws<InvalidStateException>(() => Cube.Parse("BACDEFGH=ABCDEFGHIJKL=A"));
        Assert.Equal(2, e.Code);
        Assert.Equal("edge and corner permutation parities differ", e.Message);
    }

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
        var c = Cube.Solved;
        AssertNull("text", () => Cube.Parse(null!));
        AssertNull("moves", () => Cube.FromMoves(null!));
        AssertNull("moves", () => c.Apply(null!));
        AssertNull("other", () => c.Compose(null!));
        AssertNull("moves", () => Moves.Canonical(null!));
        AssertNull("moves", () => Moves.Inverse(null!));
    }
}

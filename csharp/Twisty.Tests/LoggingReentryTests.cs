using System;
using System.Collections.Concurrent;
using Xunit;

namespace Twisty.Tests;

/// <summary>
/// Issue 35, item 11: a logger that changes the logger (<see cref="TwistyLogging.Use"/> from inside
/// a record or a level question) is refused by the engine with code 6 and its message, instead
/// of waiting for itself; logging goes on. Process-wide, like <see cref="LoggingTests"/>.
/// </summary>
[Collection(ProcessWideCollection.Name)]
public sealed class LoggingReentryTests : IDisposable
{
    private const string Target = "twisty::tests::logging";
    private const string Category = "Twisty.Tests.Logging";
    private const int Info = 3;

    // The engine's text (twisty::host::SINK_REENTERED), the same in every runtime.
    private const string Refusal = "the logger cannot be changed from inside a log callback (the change waits for every callback to return, this one included); change it from outside the callback";

    public void Dispose() => TwistyLogging.Use(null);

    [Fact]
    public void use_from_inside_a_logger_is_code_6_and_the_next_record_still_arrives()
    {
        var refusals = new ConcurrentQueue<Exception>();
        var factory = new RecordingLoggerFactory();
        factory.OnLog = _ =>
        {
            try
            {
                TwistyLogging.Use(null);
            }
            catch (Exception e)
            {
                refusals.Enqueue(e);
            }
        };
        TwistyLogging.Use(factory);
        NativeDebug.Log(Info, Target, "first");
        NativeDebug.Log(Info, Target, "second");
        Assert.Equal(new[] { "first", "second" }, factory.In(Category).ConvertAll(e => e.Message));
        Assert.Equal(2, refusals.Count);
        foreach (var e in refusals)
        {
            var refused = Assert.IsAssignableFrom<ArgumentException>(e);
            Assert.Equal(Refusal, refused.Message);
            Assert.Equal(6, ((ITwistyException)refused).Code);
        }
    }

    [Fact]
    public void use_from_inside_a_level_question_is_refused_too()
    {
        Exception? refusal = null;
        var factory = new RecordingLoggerFactory();
        factory.OnIsEnabled = () =>
        {
            try
            {
                TwistyLogging.Use(null);
            }
            catch (Exception e)
            {
                refusal ??= e;
            }
        };
        TwistyLogging.Use(factory);
        NativeDebug.Log(Info, Target, "asked first");
        Assert.Equal(Refusal, Assert.IsAssignableFrom<ArgumentException>(refusal).Message);
        Assert.Single(factory.In(Category));
    }
}

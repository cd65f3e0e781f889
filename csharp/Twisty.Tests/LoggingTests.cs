using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Twisty.Square1;
using Xunit;

namespace Twisty.Tests;

/// <summary>One record as a logger received it.</summary>
internal sealed record LogEntry(string Category, LogLevel Level, string Message);

/// <summary>
/// A logger factory of the tests' own: it records every <c>Log</c> call it gets, whatever its
/// <c>IsEnabled</c> answers, so a test sees exactly what crossed from native code; the enabled
/// level is a function of the category that a test may change while records flow, and the level
/// questions are counted per category.
/// </summary>
internal sealed class RecordingLoggerFactory : ILoggerFactory
{
    private volatile Func<string, LogLevel> _minLevel = _ => LogLevel.Information;

    public ConcurrentQueue<LogEntry> Entries { get; } = new();

    /// <summary>How often the most verbose level was asked, per category (one per native level question).</summary>
    public ConcurrentDictionary<string, int> LevelQuestions { get; } = new(StringComparer.Ordinal);

    /// <summary>Runs inside <c>Log</c>, before the record is kept (a test's misbehaving logger).</summary>
    public Action<LogEntry>? OnLog { get; set; }

    /// <summary>Runs inside <c>IsEnabled</c> (a test's misbehaving logger).</summary>
    public Action? OnIsEnabled { get; set; }

    public Func<string, LogLevel> MinLevel
    {
        set => _minLevel = value;
    }

    public List<LogEntry> In(string category) => Entries.Where(e => e.Category == category).ToList();

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void AddProvider(ILoggerProvider provider) => throw new NotSupportedException();

    public void Dispose()
    {
    }

    private sealed class Logger(RecordingLoggerFactory owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel)
        {
            owner.OnIsEnabled?.Invoke();
            if (logLevel == LogLevel.Trace) // the first level TwistyLogging probes
            {
                owner.LevelQuestions.AddOrUpdate(category, 1, (_, n) => n + 1);
            }
            return logLevel != LogLevel.None && logLevel >= owner._minLevel(category);
        }

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception,
            Func<TState, Exception?, string> formatter)
        {
            var entry = new LogEntry(category, logLevel, formatter(state, exception));
            owner.OnLog?.Invoke(entry);
            owner.Entries.Enqueue(entry);
        }
    }
}

/// <summary>A provider for Microsoft.Extensions.Logging's own factory that keeps what its loggers get.</summary>
internal sealed class CapturingLoggerProvider : ILoggerProvider
{
    public ConcurrentQueue<LogEntry> Entries { get; } = new();

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Logger(CapturingLoggerProvider owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel != LogLevel.None;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception,
            Func<TState, Exception?, string> formatter) =>
            owner.Entries.Enqueue(new LogEntry(category, logLevel, formatter(state, exception)));
    }
}

/// <summary>
/// The engine's log records in <see cref="ILogger"/>s (<see cref="TwistyLogging"/>). Process-wide
/// (one native logger per process), so these tests run alone, and each one ends with logging off.
/// </summary>
[Collection(ProcessWideCollection.Name)]
public sealed class LoggingTests : IDisposable
{
    // What the test hooks log to, and its category.
    private const string Target = "twisty::tests::logging";
    private const string Category = "Twisty.Tests.Logging";
    private const int Error = 1, Warn = 2, Info = 3, Debug = 4;

    // Anti-hang limit only: every wait below normally ends in well under a second.
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    public void Dispose() => TwistyLogging.Use(null);

    [Theory]
    [InlineData("twisty::sq1::db::build", "Twisty.Sq1.Db.Build")]
    [InlineData("twisty::cube3::solve", "Twisty.Cube3.Solve")]
    [InlineData("twisty::sq1::solve::two_phase", "Twisty.Sq1.Solve.TwoPhase")]
    [InlineData("twisty", "Twisty")]
    public void a_category_is_the_module_path_in_pascal_case(string target, string category) =>
        Assert.Equal(category, TwistyLogging.CategoryOf(target));

    [Fact]
    public void a_small_database_build_logs_its_start_levels_and_end_at_information_in_its_module_s_category()
    {
        var provider = new CapturingLoggerProvider();
        using var factory = LoggerFactory.Create(b => b.AddProvider(provider).SetMinimumLevel(LogLevel.Information));
        TwistyLogging.Use(factory);
        using var dir = new TempDir();
        var path = dir.File("article-3.db");
        Square1Database.Build(path, DatabaseVariant.Article, maxLevel: 3);
        TwistyLogging.Use(null);

        var build = provider.Entries.Where(e => e.Category == "Twisty.Sq1.Db.Build").ToList();
        Assert.NotEmpty(build);
        Assert.All(build, e => Assert.Equal(LogLevel.Information, e.Level));
        Assert.StartsWith($"building the article database into {path} ", build[0].Message);
        Assert.StartsWith($"database {path} complete: ", build[^1].Message);
        // One record per level computed, with the count that the file holds.
        var levels = build.Select(e => Regex.Match(e.Message, @"^level (\d+): (\d+) \("))
            .Where(m => m.Success)
            .ToDictionary(m => int.Parse(m.Groups[1].Value), m => long.Parse(m.Groups[2].Value));
        using var db = Square1Database.Open(path);
        var counts = db.LevelCounts;
        Assert.Equal(3, counts.Length);
        Assert.Equal(new Dictionary<int, long> { [2] = counts[1], [3] = counts[2] }, levels);
    }

    [Fact]
    public void with_the_build_s_category_at_warning_none_of_its_records_cross_from_native_code()
    {
        // This factory's loggers record every Log call, enabled or not: nothing recorded means
        // nothing was sent.
        var factory = new RecordingLoggerFactory
        {
            MinLevel = c => c == "Twisty.Sq1.Db.Build" ? LogLevel.Warning : LogLevel.Information,
        };
        TwistyLogging.Use(factory);
        using var dir = new TempDir();
        Square1Database.Build(dir.File("article-2.db"), DatabaseVariant.Article, maxLevel: 2);
        NativeDebug.Log(Info, Target, "another category still gets its records");

        Assert.Empty(factory.In("Twisty.Sq1.Db.Build"));
        Assert.True(factory.LevelQuestions.ContainsKey("Twisty.Sq1.Db.Build"), "the build's category was never asked");
        Assert.Equal([new LogEntry(Category, LogLevel.Information, "another category still gets its records")], factory.In(Category));
    }

    [Fact]
    public void levels_are_filtered_in_native_code_and_asked_about_once_a_second_not_per_record()
    {
        var factory = new RecordingLoggerFactory { MinLevel = _ => LogLevel.Information };
        TwistyLogging.Use(factory);
        var clock = Stopwatch.StartNew();
        for (var i = 0; i < 200; i++)
        {
            NativeDebug.Log(Debug, Target, $"not wanted {i}");
        }
        NativeDebug.Log(Warn, Target, "wanted");
        var elapsed = clock.Elapsed;

        Assert.Equal([new LogEntry(Category, LogLevel.Warning, "wanted")], factory.In(Category));
        // The native side keeps an answer for about a second: at most one question per second
        // begun (plus the first), never one per record.
        var asked = factory.LevelQuestions.GetValueOrDefault(Category);
        Assert.InRange(asked, 1, 2 + (int)elapsed.TotalSeconds);
    }

    [Fact]
    public void a_level_change_takes_effect_once_the_native_side_asks_again()
    {
        var factory = new RecordingLoggerFactory { MinLevel = _ => LogLevel.Warning };
        TwistyLogging.Use(factory);
        NativeDebug.Log(Info, Target, "below the level");
        Assert.Empty(factory.In(Category));

        factory.MinLevel = _ => LogLevel.Information;
        // The native answer is kept for about a second: keep logging until the change is seen.
        var clock = Stopwatch.StartNew();
        var sent = 0;
        while (factory.In(Category).Count == 0)
        {
            Assert.True(clock.Elapsed < Patience, $"the new level was not seen after {clock.Elapsed}");
            NativeDebug.Log(Info, Target, $"info {sent++}");
            Thread.Sleep(20);
        }
        Assert.All(factory.In(Category), e => Assert.Equal(LogLevel.Information, e.Level));
        // The change was seen through a new question, not a record the old level let through.
        Assert.True(factory.LevelQuestions[Category] >= 2);
    }

    [Fact]
    public async Task eight_dotnet_threads_and_eight_native_threads_logging_at_once_lose_nothing()
    {
        var factory = new RecordingLoggerFactory { MinLevel = _ => LogLevel.Information };
        TwistyLogging.Use(factory);
        const int Threads = 8, Records = 200;
        using var start = new Barrier(Threads);
        var dotnet = Enumerable.Range(0, Threads).Select(t => Task.Factory.StartNew(() =>
        {
            start.SignalAndWait();
            for (var i = 0; i < Records; i++)
            {
                NativeDebug.Log(Info, Target, $"dotnet {t} record {i}");
            }
        }, TaskCreationOptions.LongRunning)).ToArray();
        await Task.WhenAll(dotnet).WaitAsync(Patience);
        NativeDebug.LogFromThreads(Threads, Records, Info, Target);

        var messages = factory.In(Category).Select(e => e.Message).ToList();
        var expected = Enumerable.Range(0, Threads)
            .SelectMany(t => Enumerable.Range(0, Records).SelectMany(i => new[] { $"dotnet {t} record {i}", $"thread {t} record {i}" }));
        Assert.Equal(expected.Order(StringComparer.Ordinal), messages.Order(StringComparer.Ordinal));
    }

    /// <summary>Installs a factory from a frame of its own, so that nothing but TwistyLogging keeps its delegates.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void UseFrom(ILoggerFactory factory) => TwistyLogging.Use(factory);

    private static void CollectEverything()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }

    [Fact]
    public void collections_between_uses_do_not_break_the_callbacks_and_a_second_use_replaces_the_first()
    {
        var first = new RecordingLoggerFactory();
        var second = new RecordingLoggerFactory();
        UseFrom(first);
        CollectEverything();
        NativeDebug.Log(Info, Target, "to the first");
        NativeDebug.LogFromThreads(2, 2, Info, Target);
        UseFrom(second);
        CollectEverything();
        NativeDebug.Log(Info, Target, "to the second");
        NativeDebug.LogFromThreads(2, 2, Info, Target);
        CollectEverything();
        NativeDebug.Log(Warn, Target, "still the second");

        Assert.Equal(5, first.In(Category).Count);
        Assert.Equal("to the first", first.In(Category)[0].Message);
        Assert.Equal(6, second.In(Category).Count);
        Assert.Equal("to the second", second.In(Category)[0].Message);
        Assert.Equal("still the second", second.In(Category)[^1].Message);
    }

    [Fact]
    public void use_null_stops_the_records()
    {
        var factory = new RecordingLoggerFactory();
        TwistyLogging.Use(factory);
        NativeDebug.Log(Error, Target, "on");
        TwistyLogging.Use(null);
        NativeDebug.Log(Error, Target, "off");
        NativeDebug.LogFromThreads(4, 10, Error, Target);
        TwistyLogging.Use(null); // twice is harmless

        Assert.Equal([new LogEntry(Category, LogLevel.Error, "on")], factory.In(Category));
    }

    [Fact]
    public void a_logger_that_throws_loses_its_record_and_nothing_else()
    {
        var factory = new RecordingLoggerFactory
        {
            OnLog = e => throw new InvalidOperationException($"logger broken by {e.Message}"),
        };
        TwistyLogging.Use(factory);
        NativeDebug.Log(Info, Target, "dropped");
        NativeDebug.LogFromThreads(4, 10, Info, Target);
        // A build logs through the same broken logger and still completes.
        using var dir = new TempDir();
        Square1Database.Build(dir.File("article-2.db"), DatabaseVariant.Article, maxLevel: 2);
        Assert.Empty(factory.Entries);

        factory.OnLog = null;
        NativeDebug.Log(Info, Target, "kept");
        Assert.Equal([new LogEntry(Category, LogLevel.Information, "kept")], factory.In(Category));
    }

    [Fact]
    public void a_logger_whose_level_question_throws_gets_nothing()
    {
        var factory = new RecordingLoggerFactory { OnIsEnabled = () => throw new InvalidOperationException("no answer") };
        TwistyLogging.Use(factory);
        NativeDebug.Log(Error, Target, "dropped");
        Assert.Empty(factory.Entries);
    }

    [Fact]
    public async Task use_from_inside_a_logger_is_refused_instead_of_deadlocking()
    {
        var factory = new RecordingLoggerFactory();
        Exception? refused = null;
        factory.OnLog = _ =>
        {
            try
            {
                TwistyLogging.Use(null);
            }
            catch (Exception e)
            {
                refused = e;
            }
        };
        TwistyLogging.Use(factory);
        await Task.Run(() => NativeDebug.Log(Info, Target, "inside")).WaitAsync(Patience);
        Assert.IsAssignableFrom<ArgumentException>(refused); // code 6, the engine's refusal (LoggingReentryTests)
        // Still installed: the refused call changed nothing.
        NativeDebug.Log(Info, Target, "after");
        Assert.Equal(["inside", "after"], factory.In(Category).Select(e => e.Message));
    }

    [Fact]
    public void a_native_panic_is_logged_at_error_in_the_host_category()
    {
        var factory = new RecordingLoggerFactory();
        TwistyLogging.Use(factory);
        Assert.Throws<NativePanicException>(() => NativeDebug.Panic("logged please"));
        var panic = Assert.Single(factory.In("Twisty.Host"));
        Assert.Equal(LogLevel.Error, panic.Level);
        Assert.Contains("debug panic requested: logged please", panic.Message);
    }

    [Fact]
    public void use_twisty_logging_connects_the_container_s_logger_factory()
    {
        var provider = new CapturingLoggerProvider();
        using var services = new ServiceCollection()
            .AddLogging(b => b.AddProvider(provider).SetMinimumLevel(LogLevel.Debug))
            .BuildServiceProvider();
        Assert.Same(services, services.UseTwistyLogging());
        NativeDebug.Log(Debug, Target, "through the container");
        TwistyLogging.Use(null);

        Assert.Equal([new LogEntry(Category, LogLevel.Debug, "through the container")], provider.Entries.Where(e => e.Category == Category));
        using var empty = new ServiceCollection().BuildServiceProvider();
        Assert.Throws<InvalidOperationException>(() => empty.UseTwistyLogging());
    }

    [Fact]
    public void an_unknown_level_code_is_refused_by_the_hook()
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => NativeDebug.Log(6, Target, "x"));
        Assert.Equal(ErrorCodes.InvalidArgument, ((ITwistyException)e).Code);
        Assert.Equal("level must be 1 (error) to 5 (trace) (got 6)", e.Message);
    }
}

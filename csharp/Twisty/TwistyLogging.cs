using System;
using System.Collections.Concurrent;
using System.Linq;
using System.Text;
using Microsoft.Extensions.Logging;
using Twisty.Internal;
using Twisty.Native;

#pragma warning disable CS0618 // generated members marked "for generated code only": this is the glue

namespace Twisty;

/// <summary>
/// Sends the native engine's log records (database and table builds at
/// <see cref="LogLevel.Information"/>, file opens and searches at <see cref="LogLevel.Debug"/>,
/// damaged files at <see cref="LogLevel.Warning"/>) to a
/// <see cref="ILoggerFactory"/>: configure it once per process with <see cref="Use"/> (or
/// <c>IServiceProvider.UseTwistyLogging()</c> with dependency injection).
/// </summary>
/// <remarks>
/// <para><b>Categories</b> are the engine's modules: the Rust target <c>twisty::sq1::db::build</c>
/// logs to the category <c>Twisty.Sq1.Db.Build</c> (see <see cref="CategoryOf"/>), so the usual
/// filters apply, for example <c>AddFilter("Twisty", LogLevel.Warning)</c> or
/// <c>"Logging": { "LogLevel": { "Twisty.Sq1.Db": "Debug" } }</c>.</para>
/// <para><b>Filtering happens in native code</b>, before a record crosses: the engine asks each
/// category's <see cref="ILogger.IsEnabled"/> at most about once a second, and drops what is not
/// enabled without calling .NET, so a disabled category costs nearly nothing. A level changed
/// while the program runs (a function filter, reloaded configuration) takes effect within about
/// a second.</para>
/// <para><b>Threads.</b> Loggers are called on whatever thread logs, including native worker
/// threads of a database build that .NET did not create, and from several threads at once: the
/// <see cref="ILoggerFactory"/> must be thread-safe, as Microsoft.Extensions.Logging's is.</para>
/// <para><b>Exceptions</b> thrown by a logger are caught and the record is dropped: they never
/// reach native code or the operation that logged.</para>
/// <para>A logger cannot call <see cref="Use"/>: the engine refuses it (an
/// <see cref="ArgumentException"/>, code 6, with the same message as in every runtime) and
/// nothing changes. Nor may it wait for a thread that is inside <see cref="Use"/>, which waits
/// for the records being delivered.</para>
/// </remarks>
public static class TwistyLogging
{
    // Level codes as they cross (the Rust `log` crate's numbers): 0 off, 1 error, 2 warn,
    // 3 info, 4 debug, 5 trace.
    private const int Off = 0;

    private static readonly object Gate = new();

    // Native code holds function pointers to these two delegates: kept in static fields for the
    // life of the process, so that no call ever reaches a collected delegate.
    private static readonly LogMaxLevelCallback MaxLevelCallback = new(MaxLevel);
    private static readonly LogRecordCallback RecordCallback = new(Record);

    // Where records go now; null while logging is off. Replaced (never mutated) by Use.
    private static volatile Destination? s_destination;

    // Set while this thread is inside one of the callbacks (Use from there would deadlock).
    [ThreadStatic]
    private static bool t_inCallback;

    static TwistyLogging() =>
        // No native thread may call into .NET while the runtime shuts down.
        AppDomain.CurrentDomain.ProcessExit += (_, _) =>
        {
            try
            {
                Use(null);
            }
            catch (Exception)
            {
                // Nothing is left to report it to.
            }
        };

    /// <summary>
    /// Sends the engine's records to loggers of <paramref name="factory"/> from now on, replacing
    /// the factory of an earlier call; null stops logging. When this returns, the earlier
    /// factory's loggers have returned from every record and receive no more.
    /// </summary>
    /// <param name="factory">The factory whose loggers receive the records, or null for none.
    /// Call <c>Use(null)</c> before disposing it.</param>
    /// <exception cref="ArgumentException">Called from inside a logger that this library called
    /// (code 6): the change would wait for that logger to return.</exception>
    public static void Use(ILoggerFactory? factory)
    {
        if (t_inCallback)
        {
            // The engine refuses a change from inside its sink with its own message; the gate is
            // not taken, since a thread inside Use may hold it while waiting for this callback.
            NativeCall.Unwrap(Interop.twisty_set_log_callbacks(new LogMaxLevelCallback(), new LogRecordCallback()));
            return;
        }
        lock (Gate)
        {
            s_destination = factory is null ? null : new Destination(factory);
            NativeCall.Unwrap(factory is null
                // Absent callbacks (null function pointers) uninstall the native sink.
                ? Interop.twisty_set_log_callbacks(new LogMaxLevelCallback(), new LogRecordCallback())
                : Interop.twisty_set_log_callbacks(MaxLevelCallback, RecordCallback));
        }
    }

    /// <summary>
    /// The logger category of an engine module (a Rust log target): each <c>::</c>-separated
    /// segment in PascalCase (<c>_</c> separates words), joined with dots, so
    /// <c>twisty::sq1::db::build</c> is <c>Twisty.Sq1.Db.Build</c>.
    /// </summary>
    public static string CategoryOf(string target)
    {
        NativeErrors.ThrowIfNull(target, nameof(target));
        return string.Join('.', target.Split("::").Select(segment =>
            string.Concat(segment.Split('_', StringSplitOptions.RemoveEmptyEntries)
                .Select(word => char.ToUpperInvariant(word[0]) + word[1..]))));
    }

    /// <summary>The most verbose level enabled for a target's category, as a native level code.</summary>
    private static int MaxLevel(SliceByte target)
    {
        var destination = s_destination;
        if (destination is null)
        {
            return Off;
        }
        var was = t_inCallback;
        t_inCallback = true;
        try
        {
            var logger = destination.Logger(Encoding.UTF8.GetString(target.ReadOnlySpan));
            return logger.IsEnabled(LogLevel.Trace) ? 5
                : logger.IsEnabled(LogLevel.Debug) ? 4
                : logger.IsEnabled(LogLevel.Information) ? 3
                : logger.IsEnabled(LogLevel.Warning) ? 2
                : logger.IsEnabled(LogLevel.Error) ? 1
                : Off;
        }
        catch (Exception)
        {
            // A logger that cannot answer gets nothing; the exception must not reach native code.
            return Off;
        }
        finally
        {
            t_inCallback = was;
        }
    }

    /// <summary>Delivers one record that the native side found enabled.</summary>
    private static void Record(int level, SliceByte target, SliceByte message)
    {
        var destination = s_destination;
        if (destination is null)
        {
            return;
        }
        var was = t_inCallback;
        t_inCallback = true;
        try
        {
            var logger = destination.Logger(Encoding.UTF8.GetString(target.ReadOnlySpan));
            logger.Log(LevelOf(level), default, Encoding.UTF8.GetString(message.ReadOnlySpan), null, Format);
        }
        catch (Exception)
        {
            // The logger's own failure: the record is dropped, the engine carries on.
        }
        finally
        {
            t_inCallback = was;
        }
    }

    private static readonly Func<string, Exception?, string> Format = (message, _) => message;

    private static LogLevel LevelOf(int code) => code switch
    {
        1 => LogLevel.Error,
        2 => LogLevel.Warning,
        3 => LogLevel.Information,
        4 => LogLevel.Debug,
        5 => LogLevel.Trace,
        _ => LogLevel.None, // never sent; a logger drops None
    };

    /// <summary>One factory and its loggers, one per target.</summary>
    private sealed class Destination(ILoggerFactory factory)
    {
        private readonly ConcurrentDictionary<string, ILogger> _loggers = new(StringComparer.Ordinal);

        internal ILogger Logger(string target) =>
            _loggers.GetOrAdd(target, static (t, f) => f.CreateLogger(CategoryOf(t)), factory);
    }
}

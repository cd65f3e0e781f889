using System;
using Microsoft.Extensions.Logging;
using Twisty;

// The namespace of the dependency-injection abstractions, as for other libraries' extensions,
// so that the method is found without a using directive.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Connects Twisty's native log records to the application's logging.</summary>
public static class TwistyLoggingServiceProviderExtensions
{
    /// <summary>
    /// Sends the native engine's log records to the <see cref="ILoggerFactory"/> of
    /// <paramref name="services"/> (<see cref="TwistyLogging.Use"/>), for example
    /// <c>host.Services.UseTwistyLogging()</c> right after the host or provider is built.
    /// </summary>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    /// <exception cref="InvalidOperationException">No <see cref="ILoggerFactory"/> is registered
    /// (call <c>AddLogging</c> on the service collection).</exception>
    public static IServiceProvider UseTwistyLogging(this IServiceProvider services)
    {
        ArgumentNullException.ThrowIfNull(services);
        TwistyLogging.Use(services.GetRequiredService<ILoggerFactory>());
        return services;
    }
}

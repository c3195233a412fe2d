package dev.spotcast.query.http;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * HTTP caching of forecast answers ({@code spotcast.query.http-cache}).
 *
 * @param enabled whether answers carry validators and lifetimes and conditional requests get 304
 * @param defaultInterval the time between a model's runs when only one of its runs is known
 * @param minMaxAge the shortest lifetime given to an answer of a latest run (also when its next run
 *     is late)
 * @param pinnedMaxAge the lifetime of an answer of a run named in the request (it never changes;
 *     retention may delete the run)
 * @param catalogMaxAge the lifetime of what is loaded ({@code /v1/models}, EDR collections and
 *     instances)
 */
@ConfigurationProperties("spotcast.query.http-cache")
public record HttpCacheProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("6h") Duration defaultInterval,
    @DefaultValue("60s") Duration minMaxAge,
    @DefaultValue("1d") Duration pinnedMaxAge,
    @DefaultValue("60s") Duration catalogMaxAge) {}

package dev.spotcast.query.api;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The door's rule for waits ({@link AdmissionControl}, {@link AdmissionWait}); its limit and
 * longest wait are the Resilience4j bulkhead {@value AdmissionControl#NAME}'s.
 *
 * @param overloadInterval how long the door must have been full (no arriving request found a free
 *     slot) before requests that find it full are refused at once instead of waiting: shorter
 *     counts bursts as overload, longer lets a standing queue add its wait to every answer
 */
@Validated
@ConfigurationProperties("spotcast.query.admission")
public record AdmissionProperties(@DefaultValue("100ms") Duration overloadInterval) {}

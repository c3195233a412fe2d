package dev.spotcast.infra.fleet;

import dev.spotcast.infra.fleet.FleetLayout.Instance;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The configuration a local fleet writes for its load balancer (HAProxy) and Prometheus: the same choices as
 * {@code docker/haproxy/haproxy.cfg} and {@code docker/prometheus/prometheus.yml}, on loopback ports.
 */
final class FleetConfigFiles {

  private FleetConfigFiles() {}

  /**
   * HAProxy in front of both services: health-checked through the readiness probe (an instance that stops or is
   * killed is out of rotation after two failed checks, 2 s apart), a request whose connection fails or gets no
   * answer is retried once on another instance, and the query API goes to the instance with the fewest requests
   * in progress. Statistics at {@code /} and HAProxy's own Prometheus metrics at {@code /metrics} of the stats port.
   */
  static String haproxy(FleetLayout layout) {
    return """
        # Written by `spotcast fleet up` (%s); rewritten at every start.
        global
          maxconn 8192

        defaults
          mode http
          timeout connect 2s
          timeout client 60s
          timeout server 60s
          retries 1
          option redispatch
          retry-on conn-failure empty-response response-timeout

        frontend query-api
          bind 127.0.0.1:%d
          default_backend query

        backend query
          balance leastconn
          option httpchk GET /actuator/health/readiness
          http-check expect status 200
          default-server inter 2s fall 2 rise 2
        %s
        frontend ingest-api
          bind 127.0.0.1:%d
          default_backend ingest

        backend ingest
          balance roundrobin
          option httpchk GET /actuator/health/readiness
          http-check expect status 200
          default-server inter 2s fall 2 rise 2
        %s
        frontend stats
          bind 127.0.0.1:%d
          stats enable
          stats uri /
          http-request use-service prometheus-exporter if { path /metrics }
        """.formatted(layout.balancerConfig(), layout.queryBalancerPort(), servers(layout.queryInstances()),
        layout.ingestBalancerPort(), servers(layout.ingestInstances()), layout.balancerStatsPort());
  }

  private static String servers(List<Instance> instances) {
    return instances.stream()
        .map(instance -> "  server %s 127.0.0.1:%d check%n".formatted(instance.name(), instance.port()))
        .collect(Collectors.joining());
  }

  /**
   * Prometheus scraping every service instance (the ingestion services with their read-only key, as
   * {@code Authorization: ApiKey <key>}), the Elasticsearch exporter (cluster health and every node's statistics),
   * the load balancer's exporter and itself, every 5 s: a local fleet is
   * watched while a fault is tried.
   */
  static String prometheus(FleetLayout layout) {
    return """
        # Written by `spotcast fleet up` (%s); rewritten at every start.
        global:
          scrape_interval: 5s

        scrape_configs:
          - job_name: spotcast-query
            metrics_path: /actuator/prometheus
            static_configs:
              - targets: [%s]
          - job_name: spotcast-ingest
            metrics_path: /actuator/prometheus
            authorization:
              type: ApiKey
              credentials_file: %s
            static_configs:
              - targets: [%s]
          - job_name: elasticsearch
            static_configs:
              - targets: ["127.0.0.1:%d"]
          - job_name: haproxy
            static_configs:
              - targets: ["127.0.0.1:%d"]
          - job_name: prometheus
            static_configs:
              - targets: ["127.0.0.1:%d"]
        """.formatted(layout.prometheusConfig(), targets(layout.queryInstances()), layout.scrapeKeyFile(),
        targets(layout.ingestInstances()), layout.elasticsearchExporterPort(), layout.balancerStatsPort(),
        layout.prometheusPort());
  }

  private static String targets(List<Instance> instances) {
    return instances.stream().map(instance -> "\"127.0.0.1:" + instance.port() + "\"")
        .collect(Collectors.joining(", "));
  }
}

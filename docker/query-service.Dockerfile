# The query service. Build the jars first (./mvnw -B package -DskipTests, or ./mvnw -B package -Pdocker
# which also builds this image), then from the repository root:
#   docker build -f docker/query-service.Dockerfile -t spotcast/query-service .
FROM eclipse-temurin:25-jre-noble
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin spotcast
WORKDIR /app
COPY query-service/target/spotcast-query-service-*-exec.jar /app/spotcast-query-service.jar
# The service's JVM options (the collector), as every other starter passes them.
COPY query-service/jvm.options /app/jvm.options
USER 10001
EXPOSE 8080
# Configuration as Spring Boot reads it from the environment, e.g. SPOTCAST_ELASTICSEARCH_URIS,
# SPOTCAST_ELASTICSEARCH_CA, SPOTCAST_ELASTICSEARCH_APIKEY (see docker/compose.yaml).
# The heap takes 60 % of the container's memory: the document cache (a quarter of the heap's maximum
# by default) keeps whole series' numbers off the heap, another 15 %, and the rest is the JVM's own.
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=60"
# Ready after its warm-up, which goes on while the JIT compiler is busy, a minute at most
# (spotcast.query.warmup.*): the start period covers the start, the runs read whole and that minute.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/actuator/health/readiness || exit 1
ENTRYPOINT ["java", "@/app/jvm.options", "-jar", "/app/spotcast-query-service.jar"]

# The ingestion service, with ECMWF's ecCodes (the GRIB decoder, from PyPI's eccodeslib) beside it.
# Build the jars first, then from the repository root:
#   docker build -f docker/ingestor-service.Dockerfile -t spotcast/ingestor-service .
FROM eclipse-temurin:25-jre-noble
ARG ECCODES_VERSION=2.50.0.33
RUN apt-get update && apt-get install -y --no-install-recommends curl python3-venv && rm -rf /var/lib/apt/lists/* \
    && python3 -m venv /opt/eccodes && /opt/eccodes/bin/pip install --no-cache-dir "eccodeslib==${ECCODES_VERSION}" \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin spotcast \
    && mkdir -p /data && chown 10001 /data
WORKDIR /app
COPY ingestor-service/target/spotcast-ingestor-service-*-exec.jar /app/spotcast-ingestor-service.jar
USER 10001
EXPOSE 8081
ENV SPOTCAST_ECCODES_HOME=/opt/eccodes \
    SPOTCAST_FILES_ROOTS=/data \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75"
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8081/actuator/health/readiness || exit 1
# GRIB decoding calls ecCodes through Java's FFM API: native access allowed.
ENTRYPOINT ["java", "--enable-native-access=ALL-UNNAMED", "-jar", "/app/spotcast-ingestor-service.jar"]

#!/bin/bash
# Certificates of the three-node cluster of docker/compose.yaml, made once by the distribution's own
# elasticsearch-certutil: a CA and one certificate per node (HTTP and transport TLS). Idempotent.
set -euo pipefail
certs=/usr/share/elasticsearch/config/certs
if [ ! -f "$certs/ca/ca.crt" ]; then
  elasticsearch-certutil ca --silent --pem --out "$certs/ca.zip"
  unzip -q "$certs/ca.zip" -d "$certs"
  cat > "$certs/instances.yml" <<YML
instances:
  - name: es01
    dns: [es01, localhost]
  - name: es02
    dns: [es02, localhost]
  - name: es03
    dns: [es03, localhost]
YML
  elasticsearch-certutil cert --silent --pem --in "$certs/instances.yml" --out "$certs/nodes.zip" \
    --ca-cert "$certs/ca/ca.crt" --ca-key "$certs/ca/ca.key"
  unzip -q "$certs/nodes.zip" -d "$certs"
  chown -R 1000:0 "$certs"
  find "$certs" -type f -exec chmod 640 {} \;
fi
echo "certificates ready"

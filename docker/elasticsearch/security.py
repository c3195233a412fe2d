"""Spotcast's least-privilege access to the cluster of docker/compose.yaml, once it answers.

Puts the roles infra ships (spotcast-roles.json, the ones ./spotcast es start creates) and makes one
API key per service limited to its role, written where the service reads it as a Spring Boot config
tree (/secrets/SERVICE/spotcast.elasticsearch.api-key), and the metrics exporter's user spotcast-monitor
(role spotcast_monitor, password ES_MONITOR_PASSWORD). Idempotent: existing keys are kept.
"""
import base64
import json
import os
import ssl
import time
import urllib.request

ES = os.environ.get("ES_URL", "https://es01:9200")
CA = os.environ.get("ES_CA", "/certs/ca/ca.crt")
AUTH = "Basic " + base64.b64encode(("elastic:" + os.environ["ELASTIC_PASSWORD"]).encode()).decode()
CONTEXT = ssl.create_default_context(cafile=CA)


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(ES + path, data=data, method=method,
                                     headers={"Authorization": AUTH, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, context=CONTEXT, timeout=30) as response:
        return json.load(response)


while True:
    try:
        if call("GET", "/_cluster/health?wait_for_status=yellow&timeout=5s")["status"] in ("yellow", "green"):
            break
    except OSError as e:
        print("waiting for Elasticsearch:", e)
    time.sleep(3)

roles = json.load(open("/spotcast-roles.json"))
for name, role in roles.items():
    call("PUT", "/_security/role/" + name, role)

for service, role in (("ingest", "spotcast_ingest"), ("query", "spotcast_query")):
    folder = "/secrets/" + service
    os.makedirs(folder, exist_ok=True)
    key_file = os.path.join(folder, "spotcast.elasticsearch.api-key")
    if not os.path.exists(key_file) or os.path.getsize(key_file) == 0:
        key = call("POST", "/_security/api_key", {"name": "spotcast-" + service, "role_descriptors": {role: roles[role]}})
        with open(key_file, "w") as out:
            out.write(key["encoded"])
    os.chmod(key_file, 0o644)
call("PUT", "/_security/user/spotcast-monitor",
     {"password": os.environ["ES_MONITOR_PASSWORD"], "roles": ["spotcast_monitor"]})
print("roles, API keys and the monitoring user ready")

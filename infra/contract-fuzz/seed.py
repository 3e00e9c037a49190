"""Sets up what the contract fuzzing runs against, through the API itself: a Pro business with a dashboard
login, an API key, a template and a pass. Prints them as shell assignments for contract-fuzz.sh."""
import json
import subprocess
import sys
import urllib.request
import uuid

api, cli = sys.argv[1], sys.argv[2:]


def call(method, path, body=None, headers=None):
    request = urllib.request.Request(
        f"{api}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"content-type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


email = f"fuzz-{uuid.uuid4()}@example.com"
registered = call("POST", "/auth/register", {"business_name": "Contract fuzzing", "email": email, "password": "fuzzing-password"})
business_id, token = registered["business"]["id"], registered["access_token"]
# API keys are a Pro feature; plans change only through the operator's CLI.
subprocess.run([*cli, "admin", "set-plan", business_id, "pro"], check=True, stdout=subprocess.DEVNULL)
bearer = {"authorization": f"Bearer {token}"}
key = call("POST", f"/businesses/{business_id}/api-keys", {"name": "Contract fuzzing"}, bearer)["key"]
template = call("GET", f"/businesses/{business_id}/templates", None, bearer)
template_id = template["data"][0]["id"] if template["data"] else call("POST", f"/businesses/{business_id}/templates", {"name": "Fuzzed"}, bearer)["id"]
passed = call("POST", f"/businesses/{business_id}/passes", {"template_id": template_id, "customer_email": email, "initial_balance": 100}, {"x-api-key": key})

for name, value in {"BUSINESS_ID": business_id, "TOKEN": token, "API_KEY": key, "TEMPLATE_ID": template_id, "PASS_ID": passed["id"]}.items():
    print(f"export PASSES_FUZZ_{name}='{value}'")

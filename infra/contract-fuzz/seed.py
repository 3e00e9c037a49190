"""Sets up what the contract fuzzing runs against, through the API itself: a Pro business with a dashboard
login, an API key, a template, a pass and a customer link to it. Prints them as shell assignments for contract-fuzz.sh."""
import glob
import json
import os
import re
import subprocess
import time
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



def customer_token():
    """The token of the link the service mails for the pass's email (embedded mail lands in the outbox)."""
    call("POST", "/public/customer/magic-link", {"email": email})
    for _ in range(100):
        for path in glob.glob(os.path.join(os.environ["PASSES_DATA_DIR"], "outbox", "*.json")):
            with open(path) as file:
                message = json.load(file)
            found = re.search(r"/customer\?token=([A-Za-z0-9_.%-]+)", message["text"])
            if message["to"] == email and found:
                return found.group(1)
        time.sleep(0.1)
    raise SystemExit("contract fuzzing: no customer link was mailed")


values = {"BUSINESS_ID": business_id, "TOKEN": token, "API_KEY": key, "TEMPLATE_ID": template_id, "PASS_ID": passed["id"], "CUSTOMER_TOKEN": customer_token()}
for name, value in values.items():
    print(f"export PASSES_FUZZ_{name}='{value}'")

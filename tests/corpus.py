"""A labelled corpus for the gates: secrets in many formats and the hard negatives that
must never be flagged. Token bodies are generated (seeded), so they look random and
are not real credentials."""
from __future__ import annotations

import random

_rnd = random.Random(20261129)
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"


def r(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_rnd.choice(alphabet) for _ in range(n))


def _pem(kind: str = "RSA ") -> str:
    body = "\n".join(r(64, B64) for _ in range(6))
    return f"-----BEGIN {kind}PRIVATE KEY-----\n{body}\n-----END {kind}PRIVATE KEY-----"


SECRETS: list[tuple[str, str, str]] = []   # (label, text, the secret value that must never be echoed)


def _s(label: str, template: str, token: str) -> None:
    SECRETS.append((label, template.replace("{}", token), token))


_s("aws-access-key-id", "The uploader used {} for staging.", "AKIA" + r(16, UPPER))
_s("aws-secret-access-key", "aws_secret_access_key = {}", r(40, B64))
_s("aws-asia", "temporary creds {}, expire hourly", "ASIA" + r(16, UPPER))
_s("github-token", "push with {}, then revoke", "ghp_" + r(36))
_s("github-oauth", "{}", "gho_" + r(36))
_s("github-pat", "token {}", "github_pat_" + r(22) + "_" + r(59))
_s("github-followed-by-comma", "tokens: {}, and more", "ghs_" + r(36))
_s("gitlab", "CI uses {}.", "glpat-" + r(20, ALNUM + "_-"))
_s("slack-bot", "bot token {}", "xoxb-" + r(12, "0123456789") + "-" + r(13, "0123456789") + "-" + r(24))
_s("slack-webhook", "alerts go to {}", f"https://hooks.slack.com/services/T{r(8, UPPER)}/B{r(10, UPPER)}/{r(24)}")
_s("stripe-live", "stripe key {}", "sk_live_" + r(24))
_s("stripe-restricted", "{}", "rk_live_" + r(24))
_s("openai-legacy", "OPENAI_API_KEY={}", "sk-" + r(48))
_s("openai-project", "the key is {}", "sk-proj-" + r(64, ALNUM + "_-"))
_s("anthropic", "ANTHROPIC_API_KEY: {}", "sk-ant-api03-" + r(93, ALNUM + "_-") + "AA")
_s("google", "maps key {}", "AIza" + r(35, ALNUM + "_-"))
_s("twilio", "twilio api key {}", "SK" + r(32, HEX))
_s("sendgrid", "{}", f"SG.{r(22, ALNUM + '_-')}.{r(43, ALNUM + '_-')}")
_s("npm", "//registry.npmjs.org/:_authToken={}", "npm_" + r(36))
_s("pypi", "password = {}", "pypi-AgEIcHlwaS5vcmc" + r(70, ALNUM + "_-"))
_s("huggingface", "HF token {}", "hf_" + r(34))
_s("digitalocean", "{}", "dop_v1_" + r(64, HEX))
_s("azure", "DefaultEndpointsProtocol=https;AccountName=tally;AccountKey={};EndpointSuffix=core.windows.net",
   r(86, B64) + "==")
_s("jwt", "Authorization: Bearer {}",
   "eyJ" + r(30, ALNUM + "_-") + ".eyJ" + r(60, ALNUM + "_-") + "." + r(43, ALNUM + "_-"))
_pem_rsa = _pem()
_s("private-key", "deploy key:\n{}\n", _pem_rsa)
_s("private-key-json", '{"private_key": "{}"}', _pem("").replace("\n", "\\n"))
_s("url-credentials", "DATABASE_URL=postgres://tally:{}@db.internal:5432/tally", r(16))
_s("url-credentials-weak", "redis://admin:{}@cache.local:6379/0", "hunter2x9")
_s("generic-api-key", 'api_key: "{}"', r(32))
_s("generic-secret", "client_secret={}", r(40, ALNUM + "-_"))
_s("password", "db_password = {}", "Tr0ub4dor&3xq")
_s("chinese-context", "密钥是 {}，不要外传", "ghp_" + r(36))
_s("stripe-webhook", "STRIPE_WEBHOOK_SECRET={}", "whsec_" + r(32))
_s("google-oauth", "client secret {}", "GOCSPX-" + r(28, ALNUM + "_-"))
_s("mailgun", "mailgun {}", "key-" + r(32, HEX))
_s("shopify", "shop token {}", "shpat_" + r(32, HEX))
_s("databricks", "databricks {}", "dapi" + r(32, HEX))
_s("square", "square {}", "sq0atp-" + r(22, ALNUM + "_-"))
_s("telegram", "bot {} polls", "7351924680:AA" + r(33, ALNUM + "_-"))
_s("basic-auth", "curl -H 'Authorization: Basic {}' https://api.internal", "dGFsbHk6czNjcjN0LVBhc3N3MHJk")
_s("bearer", "Authorization: Bearer {}", r(40, ALNUM + "-_."))
_s("npmrc-auth-token", "//npm.pkg.github.com/:_authToken={}", r(40, HEX))
_s("frontmatter", "---\nname: creds\ntoken: {}\n---\nbody", "ghu_" + r(36))

HARD_NEGATIVES: list[tuple[str, str]] = [
    ("env-var-name", "Keep the key in the OPENAI_API_KEY variable; never hard-code it."),
    ("placeholder-sk", "Set OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx in your .env"),
    ("placeholder-angle", "api_key: <YOUR_API_KEY>"),
    ("placeholder-var", 'token = "${GITHUB_TOKEN}"'),
    ("aws-example-id", "The AWS docs use AKIAIOSFODNN7EXAMPLE as the example key."),
    ("aws-example-secret", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("stripe-public", f"the publishable key pk_live_{r(24)} is fine in the browser"),
    ("ssh-public-key", f"authorized key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{r(43, B64)} dana@laptop"),
    ("commit-sha", f"the fix landed in commit {r(40, HEX)}"),
    ("uuid", f"tenant id 3f2b8c1e-9a4d-4e7b-8c2a-{r(12, HEX)}"),
    ("uuid-assigned", "api_key_id = 123e4567-e89b-12d3-a456-426614174000"),
    ("sha256-digest", f"image digest sha256:{r(64, HEX)}"),
    ("integrity-hash", f'"integrity": "sha512-{r(86, B64)}=="'),
    ("url-no-password", "clone from https://github.com/acme/tally.git and https://user@example.com/path"),
    ("url-placeholder-password", "postgres://user:password@localhost:5432/db"),
    ("process-env", "const token = process.env.GITHUB_TOKEN;"),
    ("password-word", "the password policy requires rotation every 90 days"),
    ("token-count", "max_tokens: 1024 per request"),
    ("secret-manager", "secrets live in AWS Secrets Manager under tally/prod"),
    ("sk-short", "the sk-1 cluster is in eu-west"),
    ("jwt-header-only", "JWTs start with eyJ, which is base64 for '{\"'"),
    ("begin-line-only", "the file starts with -----BEGIN OPENSSH PRIVATE KEY----- (do not paste it here)"),
    ("random-id-unassigned", f"build id {r(32, HEX)} finished"),
    ("chinese-var-name", "密钥放在环境变量 STRIPE_API_KEY 里，不要写进代码"),
    ("test-card", "use the Stripe test card 4242 4242 4242 4242"),
    ("bearer-placeholder", "send `Authorization: Bearer <token>` with every request"),
    ("basic-auth-prose", "the admin panel uses Basic auth behind the VPN"),
]

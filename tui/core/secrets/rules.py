"""The secret catalog: one small record per credential shape, grouped by provider family.

Two kinds of record:

- ``TOKENS``: a token that announces itself (a documented prefix and alphabet), found
  anywhere in the text. ``keywords`` are lower-case literals one of which the text must
  hold before the pattern is tried (one pass finds them all); ``shown`` is how many
  characters of the public prefix a finding may show (never more than 6).
- ``PROVIDERS``: a provider's key with no prefix of its own, recognised when it is
  assigned to a name that mentions the provider (``adafruit_token = …``): the name must
  hold one of ``keywords`` and the value must match ``value`` whole.

Every pattern was written from the provider's documented token format. To add a
provider, add a line here and a positive and a near miss to tests/test_secret_rules.py.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    family: str
    keywords: tuple[str, ...]
    regex: str               # compiled at first use (pattern): a run tries few of ~220 rules
    entropy: float = 3.0     # bits per character of the part after the prefix; 0 = shape is enough
    shown: int = 0           # characters of public prefix a finding may show
    flags: int = 0
    not_words: bool = False  # a value made of words (Config, HTTP, v2) is not this token

    @functools.cached_property
    def pattern(self) -> re.Pattern:
        return re.compile(self.regex, self.flags)


def _t(id_: str, title: str, family: str, keywords: str, pattern: str, entropy: float = 3.0, shown: int = 0,
       flags: int = 0, not_words: bool = False) -> Rule:
    # a token starts and ends where its alphabet does: no word character glued on either side
    rx = r"(?<![A-Za-z0-9_])(?:" + pattern + r")(?![A-Za-z0-9_])"
    return Rule(id_, title, family, tuple(keywords.split()), rx, entropy, min(shown, 6), flags, not_words)


_SEGMENT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|.")


def wordy(value: str) -> bool:
    """Made of words (CamelCase, runs of capitals, numbers): APACHEv2Config, not a key. Random
    characters change class every one or two (8jzPde0Igx…) and have few vowels; words change
    every 2.5 or more and a quarter of their letters are vowels, where random letters have a
    fifth (measured: 1–7 % of random strings of 8–40 characters read as words; none of a
    dozen AP… identifiers reads random)."""
    segments = _SEGMENT.findall(value)
    # letters of words: acronyms (HTTP, a run of capitals) have no vowels to count
    letters = [c for seg in segments if not (len(seg) > 1 and seg.isupper()) for c in seg if c.isalpha()]
    vowels = sum(c in "aeiouAEIOU" for c in letters)
    return len(value) >= 2.5 * len(segments) and vowels >= 0.25 * len(letters)


def identifier(value: str) -> bool:
    """A name in code (getApiKeyFromVault2, OAuth2ClientSecretLoader): two capitalised words or
    more, letters and digits in parts of three or more on average, every word of three
    letters or more with a vowel (measured: under 1 % of random strings of 10–40 characters
    in either alphabet)."""
    if not value[:1].isalpha() or not value.isalnum() or not value.isascii():
        return False
    segments = _SEGMENT.findall(value)
    words = [s for s in segments if len(s) >= 3 and s[0].isupper() and s[1:].islower()]
    return len(words) >= 2 and len(value) >= 3 * len(segments) and all(
        any(c in "aeiouAEIOU" for c in s) for s in segments if s.isalpha() and len(s) >= 3)


_HEX = "[a-f0-9]"
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

TOKENS: list[Rule] = [
    # -- crypto keys
    Rule("private-key", "private key block", "crypto", ("private key",),
         # one character class for the body: a space both in a class and in \s made the
         # alternation ambiguous, and a body of spaces and dashes took exponential time
         r"-{4,5} ?BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)? ?-{4,5}"
         r"(?:[A-Za-z0-9+/=:\-,.\s]|\\[rn]){40,}?"
         r"(?:-{4,5} ?END[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)? ?-{4,5}|(?=[\"'`]|$))", 0.0),
    Rule("putty-private-key", "PuTTY private key", "crypto", ("putty-user-key-file",),
         r"PuTTY-User-Key-File-\d: [\s\S]{20,}?Private-Lines: \d+[\s\S]{40,}?(?:Private-MAC: [a-f0-9]+|$)",
         0.0),
    _t("age-secret-key", "age secret key", "crypto", "age-secret-key-1",
       r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", 3.0, 6),
    # -- cloud providers
    _t("aws-access-key-id", "AWS access key id", "cloud", "akia asia abia acca a3t",
       r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}", 2.5, 4),
    _t("alibaba-access-key-id", "Alibaba Cloud AccessKey id", "cloud", "ltai", r"LTAI[A-Za-z0-9]{20}", 3.0, 4),
    _t("azure-ad-client-secret", "Azure AD client secret", "cloud", "q~",
       r"[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}", 3.0),
    Rule("azure-storage-key", "Azure storage account key", "cloud", ("accountkey=",),
         r"AccountKey=([A-Za-z0-9+/]{40,}={0,2})", 3.5),
    _t("gcp-api-key", "Google API key", "cloud", "aiza", r"AIza[0-9A-Za-z_\-]{35}", 3.0, 4),
    _t("google-oauth-secret", "Google OAuth client secret", "cloud", "gocspx-", r"GOCSPX-[A-Za-z0-9_\-]{24,}", 3.0, 6),
    _t("google-oauth-token", "Google OAuth access token", "cloud", "ya29.", r"ya29\.[0-9A-Za-z_\-]{30,}", 3.0, 5),
    _t("digitalocean-token", "DigitalOcean token", "cloud", "dop_v1_ doo_v1_ dor_v1_",
       r"do[por]_v1_[a-f0-9]{64}", 3.0, 6),
    _t("heroku-api-key", "Heroku API key", "cloud", "hrku-aa", r"HRKU-AA[0-9a-zA-Z_-]{58}", 3.0, 6),
    _t("flyio-token", "Fly.io token", "cloud", "fo1_ fm1a_ fm1r_ fm2_",
       r"fo1_[\w-]{43}|fm1[ar]_[a-zA-Z0-9+/]{100,}={0,3}|fm2_[a-zA-Z0-9+/]{100,}={0,3}", 3.5, 4),
    _t("cloudflare-origin-ca-key", "Cloudflare Origin CA key", "cloud", "v1.0-",
       r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}", 3.0, 5),
    _t("scalingo-token", "Scalingo API token", "cloud", "tk-us-", r"tk-us-[\w-]{48}", 3.0, 6),
    _t("yandex-token", "Yandex token", "cloud", "aqvn t1.", r"AQVN[A-Za-z0-9_\-]{35,38}|t1\.[A-Za-z0-9_-]+={0,2}\.[A-Za-z0-9_-]{86}={0,2}", 3.0, 4),
    _t("softlayer-url", "SoftLayer API key in its URL", "cloud", "api.softlayer.com",
       r"(?i:https?://api\.softlayer\.com/soap/v3(?:\.1)?/)([a-z0-9]{64})", 3.0),
    _t("ibm-cloud-iam-key", "IBM Cloud IAM key", "cloud", "ibm", r"(?i:ibm[\w.-]{0,20}(?:api|iam)[\w.-]{0,10}key)[\"'\s:=]{1,5}([A-Za-z0-9_\-]{44})", 3.5),
    # -- source hosting and CI/CD
    _t("github-token", "GitHub token", "ci", "ghp_ gho_ ghu_ ghs_ ghr_", r"gh[pousr]_[A-Za-z0-9]{36,255}", 3.0, 4),
    _t("github-fine-grained-pat", "GitHub fine-grained token", "ci", "github_pat_", r"github_pat_\w{60,255}", 3.0, 6),
    _t("gitlab-token", "GitLab token", "ci",
       "glpat- glcbt- gldt- glffct- glft- glimt- glagent- gloas- glptt- glrt- glsoat- gr1348941",
       r"(?:glpat|gldt|glffct|glft|glrt|glsoat)-[\w-]{20,300}(?:\.[0-9a-z]{9})?|glimt-[\w-]{25}|glagent-[\w-]{50}"
       r"|gloas-[\w-]{64}|glptt-[0-9a-f]{40}|glcbt-[0-9a-zA-Z]{1,5}_[\w-]{20}|GR1348941[\w-]{20}", 3.0, 6),
    Rule("gitlab-session-cookie", "GitLab session cookie", "ci", ("_gitlab_session=",),
         r"_gitlab_session=([0-9a-z]{32})", 3.0),
    _t("bitbucket-app-password", "Bitbucket app password", "ci", "atbb", r"ATBB[A-Za-z0-9_=.-]{28,}", 3.0, 4),
    _t("atlassian-api-token", "Atlassian API token", "ci", "atatt3 atcta", r"AT(?:ATT3|CTT3)[A-Za-z0-9_\-=]{150,}", 3.5, 6),
    _t("artifactory-token", "JFrog Artifactory token", "ci", "akc cmvmd",
       r"AKCp[A-Za-z0-9]{60,80}|cmVmd[A-Za-z0-9]{59}", 4.0, 4),
    # shorter API keys (AKC…) and the AP… reference token: mixed case with a digit, as JFrog makes them
    _t("artifactory-key", "JFrog Artifactory key", "ci", "akc ap",
       r"AKC(?=[a-zA-Z0-9]*[0-9])(?=[a-zA-Z0-9]*[a-z])[a-zA-Z0-9]{10,70}"
       r"|AP[0-9A-F](?=[a-zA-Z0-9]*[0-9])(?=[a-zA-Z0-9]*[a-z])(?=[a-zA-Z0-9]*[A-Z])[a-zA-Z0-9]{8,70}", 2.5, 3,
       not_words=True),
    _t("octopus-deploy-key", "Octopus Deploy API key", "ci", "api-", r"API-[A-Z0-9]{26}", 3.0, 4),
    _t("pulumi-token", "Pulumi access token", "ci", "pul-", r"pul-[a-f0-9]{40}", 3.0, 4),
    _t("prefect-token", "Prefect API key", "ci", "pnu_", r"pnu_[a-zA-Z0-9]{36}", 3.0, 4),
    _t("harness-token", "Harness access token", "ci", "pat. sat.",
       r"(?:pat|sat)\.[\w-]{22}\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{20}", 3.0, 4),
    _t("terraform-cloud-token", "Terraform Cloud token", "ci", "atlasv1",
       r"[a-zA-Z0-9]{14}\.atlasv1\.[a-zA-Z0-9\-_=]{60,70}", 3.5),
    _t("vault-token", "HashiCorp Vault token", "ci", "hvs. hvb. hvr.", r"hv[sbr]\.[\w-]{90,300}", 3.5, 4),
    _t("doppler-token", "Doppler token", "ci", "dp.pt. dp.st. dp.sa. dp.ct. dp.scim. dp.audit.",
       r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}", 3.0, 6),
    _t("infracost-token", "Infracost API key", "ci", "ico-", r"ico-[a-zA-Z0-9]{32}", 3.0, 4),
    _t("readme-token", "ReadMe API key", "ci", "rdme_", r"rdme_[a-z0-9]{70}", 3.0, 5),
    _t("sourcegraph-token", "Sourcegraph access token", "ci", "sgp_",
       r"sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|sgp_[a-fA-F0-9]{40}", 3.0, 4),
    _t("postman-token", "Postman API key", "ci", "pmak-", r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}", 3.0, 5),
    _t("linear-token", "Linear API key", "ci", "lin_api_ lin_oauth_", r"lin_(?:api|oauth)_[a-zA-Z0-9]{40}", 3.0, 6),
    _t("clickhouse-secret", "ClickHouse Cloud API secret", "database", "4b1d", r"4b1d[A-Za-z0-9]{38}", 3.0, 4),
    _t("sentry-token", "Sentry token", "monitoring", "sntryu_ sntrys_",
       r"sntryu_[a-f0-9]{64}|sntrys_eyJ[a-zA-Z0-9+/=_]{60,600}", 3.5, 6),
    # -- package registries
    _t("npm-token", "npm token", "registry", "npm_", r"npm_[A-Za-z0-9]{36}", 3.0, 4),
    Rule("npmrc-auth", "npm registry credential", "registry", ("_authtoken", "_auth=", "_password="),
         r"(?:_authToken|_auth|_password)\s*=\s*\"?([A-Za-z0-9+/=_.\-]{8,})", 3.0),
    _t("pypi-token", "PyPI token", "registry", "pypi-",
       r"pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[\w-]{40,1000}", 3.0, 5),   # pypi.org, test.pypi.org
    _t("rubygem-api-key", "RubyGem API key", "registry", "rubygems_", r"rubygems_[a-f0-9]{48}", 3.0, 6),
    _t("clojars-token", "Clojars deploy token", "registry", "clojars_", r"CLOJARS_[a-zA-Z0-9]{60}", 3.0, 6),
    _t("nuget-key", "NuGet API key", "registry", "oy2", r"oy2[a-z0-9]{43}", 3.0, 3),
    _t("docker-hub-token", "Docker Hub access token", "registry", "dckr_pat_", r"dckr_pat_[A-Za-z0-9_-]{27}", 3.0, 6),
    # -- chat and collaboration
    _t("slack-token", "Slack token", "chat", "xoxb- xoxp- xoxa- xoxr- xoxe- xoxo- xoxs- xapp- xoxe.",
       r"xox[baprseo]-(?:\d+-)*[A-Za-z0-9-]{8,}|xoxe\.xox[bp]-\d-[A-Za-z0-9]{140,}|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+",
       3.0, 5),
    Rule("slack-webhook", "Slack webhook URL", "chat", ("hooks.slack.com",),
         r"(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}", 3.0),
    Rule("teams-webhook", "Microsoft Teams webhook URL", "chat", ("webhook.office.com", "logic.azure.com"),
         r"https://[a-z0-9.-]+\.(?:webhook\.office\.com/webhookb2|logic\.azure\.com)/[\w@\-/?=&%.]{40,}",
         3.0),
    Rule("discord-webhook", "Discord webhook URL", "chat", ("discord.com/api/webhooks", "discordapp.com/api/webhooks"),
         r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d{17,20}/[\w-]{60,70}", 3.0),
    _t("discord-bot-token", "Discord bot token", "chat", ".",
       r"[MNO][A-Za-z\d_-]{23,25}\.[\w-]{6}\.[\w-]{27,38}", 3.5),
    # a bot's id, a colon, 35 characters (today's start with AA; the older ones need a letter in them)
    _t("telegram-bot-token", "Telegram bot token", "chat", ":aa 0: 1: 2: 3: 4: 5: 6: 7: 8: 9:",
       r"\d{5,16}:AA[A-Za-z0-9_\-]{32,33}|\d{8,10}:(?=[A-Za-z0-9_\-]{0,34}[A-Za-z])[A-Za-z0-9_\-]{35}", 3.0),
    Rule("telegram-bot-url", "Telegram bot token in its API URL", "chat", ("api.telegram.org/bot",),
         r"(?i:api\.telegram\.org/(?:file/)?bot)(\d{5,16}:[A-Za-z0-9_\-]{35})(?![A-Za-z0-9_\-])", 3.0),
    _t("mattermost-token", "Mattermost token", "chat", "mmauthtoken", r"MMAUTHTOKEN=[a-z0-9]{26}", 3.0),
    _t("notion-token", "Notion integration token", "collaboration", "ntn_ secret_",
       r"ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43}", 3.5, 4),
    _t("frameio-token", "Frame.io API token", "collaboration", "fio-u-", r"fio-u-[A-Za-z0-9\-_=]{64}", 3.0, 6),
    _t("typeform-token", "Typeform token", "collaboration", "tfp_", r"tfp_[A-Za-z0-9\-_.=]{59}", 3.0, 4),
    _t("adobe-client-secret", "Adobe client secret", "collaboration", "p8e-", r"p8e-[A-Za-z0-9]{32}", 3.0, 4),
    _t("dropbox-token", "Dropbox access token", "collaboration", "sl.", r"sl\.[A-Za-z0-9\-=_]{130,140}", 3.0, 3),
    _t("onepassword-secret-key", "1Password secret key", "identity", "a3-",
       r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}", 3.0, 3),
    _t("onepassword-service-token", "1Password service account token", "identity", "ops_eyj",
       r"ops_eyJ[a-zA-Z0-9+/]{200,}={0,3}", 4.0, 4),
    _t("authress-key", "Authress access key", "identity", "sc_ ext_ scauth_ authress_",
       r"(?:sc|ext|scauth|authress)_[a-zA-Z0-9]{5,30}\.[a-zA-Z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-z0-9+/_=-]{30,120}",
       3.0),
    # -- payments and commerce
    _t("stripe-key", "Stripe secret key", "payment", "sk_live sk_test sk_prod rk_live rk_test rk_prod",
       r"(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,99}", 3.0, 6),
    _t("stripe-webhook-secret", "Stripe webhook signing secret", "payment", "whsec_", r"whsec_[A-Za-z0-9]{24,}", 3.0, 6),
    _t("square-token", "Square token", "payment", "sq0atp- sq0csp- eaaa",
       r"sq0(?:atp|csp)-[\w-]{22,60}|EAAA[\w-]{56,60}", 3.0, 6),
    _t("shopify-token", "Shopify token", "payment", "shpat_ shpca_ shppa_ shpss_",
       r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", 3.0, 6),
    _t("flutterwave-key", "Flutterwave key", "payment", "flwseck_ flwpubk_",
       r"FLW(?:SECK|PUBK)_(?:TEST|LIVE)-[a-hA-H0-9]{12,32}(?:-X)?", 2.5, 6),
    _t("duffel-token", "Duffel API token", "payment", "duffel_", r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}", 3.0, 6),
    _t("shippo-token", "Shippo API token", "payment", "shippo_", r"shippo_(?:live|test)_[a-fA-F0-9]{40}", 3.0, 6),
    _t("easypost-token", "EasyPost API key", "payment", "ezak eztk", r"EZ[AT]K[A-Za-z0-9]{54}", 3.0, 4),
    _t("coinbase-key", "Coinbase CDP key", "payment", "organizations/", r"organizations/[a-f0-9-]{36}/apiKeys/[a-f0-9-]{36}", 3.0),
    # -- mail and messaging
    _t("sendgrid-key", "SendGrid API key", "mail", "sg.", r"SG\.[\w-]{16,32}\.[\w-]{30,64}", 3.0, 3),
    _t("sendinblue-key", "Brevo (Sendinblue) API key", "mail", "xkeysib-", r"xkeysib-[a-f0-9]{64}-[a-zA-Z0-9]{16}", 3.0, 6),
    _t("mailgun-key", "Mailgun API key", "mail", "key-", r"key-[0-9a-f]{32}", 3.0, 4),
    # documented as hex; keys pasted in tests and docs use the whole lower-case alphabet, so any
    # 32 such characters with a digit in them
    _t("mailchimp-key", "Mailchimp API key", "mail", "-us", r"(?=[a-z]{0,31}[0-9])[0-9a-z]{32}-us\d{1,2}", 3.0),
    _t("twilio-api-key", "Twilio API key", "mail", "sk", r"SK(?:[0-9a-fA-F]{32}|(?=[a-z]{0,31}[0-9])[0-9a-z]{32})", 3.0, 2),
    _t("twilio-account-sid", "Twilio account SID", "mail", "ac", r"AC(?=[a-z]{0,31}[0-9])[0-9a-z]{32}", 3.0, 2),
    Rule("postmark-token", "Postmark server token", "mail", ("x-postmark-server-token",),
         r"(?i:X-Postmark-Server-Token)[\"':\s]{1,5}(" + _UUID + ")", 3.0),
    # -- monitoring and observability
    _t("grafana-token", "Grafana token", "monitoring", "eyjrijoi glc_ glsa_",
       r"eyJrIjoi[A-Za-z0-9]{70,400}={0,3}|glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}", 3.0, 4),
    _t("new-relic-key", "New Relic key", "monitoring", "nrak- nrii- nrjs-",
       r"NRAK-[A-Z0-9]{27}|NRII-[a-zA-Z0-9-]{32}|NRJS-[a-f0-9]{19}", 3.0, 5),
    _t("dynatrace-token", "Dynatrace API token", "monitoring", "dt0c01.", r"dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}", 3.5, 6),
    _t("maxmind-license-key", "MaxMind license key", "monitoring", "_mmk", r"[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk", 3.5),
    # -- AI providers
    _t("anthropic-key", "Anthropic API key", "ai", "sk-ant-", r"sk-ant-(?:api\d\d|admin\d\d|oat\d\d|sid\d\d)-[\w-]{80,120}|sk-ant-[\w-]{32,}", 3.0, 6),
    _t("deepseek-key", "DeepSeek-style API key", "ai", "sk-", r"sk-[a-f0-9]{32}", 3.0, 3),
    _t("openai-key", "OpenAI API key", "ai", "sk-",
       r"sk-(?:proj-|svcacct-|admin-|None-)?(?!ant-)[A-Za-z0-9_\-]{20,200}", 3.2, 3),
    _t("groq-key", "Groq API key", "ai", "gsk_", r"gsk_[a-zA-Z0-9]{52}", 3.5, 4),
    _t("perplexity-key", "Perplexity API key", "ai", "pplx-", r"pplx-[a-zA-Z0-9]{48}", 3.5, 5),
    _t("huggingface-token", "Hugging Face token", "ai", "hf_ api_org_", r"hf_[A-Za-z0-9]{30,40}|api_org_[A-Za-z]{34}", 3.0, 3),
    _t("langsmith-key", "LangSmith API key", "ai", "lsv2_", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}", 3.0, 5),
    _t("replicate-token", "Replicate API token", "ai", "r8_", r"r8_[A-Za-z0-9]{37}", 3.5, 3),
    _t("xai-key", "xAI API key", "ai", "xai-", r"xai-[A-Za-z0-9]{80}", 3.5, 4),
    # -- databases
    _t("planetscale-token", "PlanetScale credential", "database", "pscale_tkn_ pscale_oauth_ pscale_pw_",
       r"pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}", 3.0, 6),
    _t("databricks-token", "Databricks token", "database", "dapi", r"dapi[a-f0-9]{32}(?:-\d)?", 3.0, 4),
    _t("mongodb-atlas-key", "MongoDB Atlas service account secret", "database", "mdb_sa_sk_", r"mdb_sa_sk_[\w-]{40}", 3.0, 6),
    # -- identity providers and web tokens
    _t("jwt", "JSON Web Token", "identity", "eyj",
       r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-/\\]{8,}\.(?:[A-Za-z0-9_\-/\\]{8,}={0,2})?", 3.0, 3),
    # base64 tools wrap at 64 or 76 columns: a line of nothing but base64 after a long one goes on
    _t("jwt-base64", "base64-wrapped JSON Web Token", "identity", "zxlk",
       r"ZXlK[a-zA-Z0-9/\\_+\-]{60,}(?:(?:\r?\n[ \t]*|\\[rn])[a-zA-Z0-9/_+\-]{4,}(?=={0,2}[ \t]*(?:\r?\n|\\[rn]|[\"'`]|$)))*"
       r"={0,2}", 3.0, 4),
    _t("openshift-token", "OpenShift user token", "identity", "sha256~", r"sha256~[\w-]{43}", 3.5, 6),
    _t("facebook-token", "Facebook access token", "identity", "eaam eaac |", r"EAA[MC][A-Za-z0-9]{100,}|\d{15,16}\|[0-9A-Za-z\-_]{27,40}", 3.5, 4),
    _t("settlemint-token", "SettleMint token", "identity", "sm_aat_ sm_pat_ sm_sat_", r"sm_(?:aat|pat|sat)_[a-zA-Z0-9]{16}", 3.0, 6),
    _t("intra42-secret", "42 Intra client secret", "identity", "s-s4t2", r"s-s4t2(?:ud|af)-[a-f0-9]{64}", 3.0, 6),
]


def _p(id_: str, title: str, family: str, names: str, value: str) -> Rule:
    return Rule(id_, title, family, tuple(names.split()), value + r"\Z", 2.5)


PROVIDERS: list[Rule] = [
    _p("adafruit-api-key", "Adafruit API key", "iot", "adafruit", r"[a-z0-9_-]{32}"),
    _p("adobe-client-id", "Adobe OAuth client id", "collaboration", "adobe", r"[a-f0-9]{32}"),
    _p("airtable-api-key", "Airtable API key", "collaboration", "airtable", r"(?:pat[A-Za-z0-9]{14}\.[a-f0-9]{64}|[a-zA-Z0-9]{17})"),
    _p("algolia-api-key", "Algolia API key", "cloud", "algolia", r"[a-zA-Z0-9]{32}"),
    _p("alibaba-secret-key", "Alibaba Cloud secret", "cloud", "alibaba", r"[a-zA-Z0-9]{30}"),
    _p("asana-secret", "Asana credential", "collaboration", "asana", r"(?:[0-9]{16}|[a-zA-Z0-9]{32}|\d/\d+:[a-f0-9]{32})"),
    _p("atlassian-token", "Atlassian API token", "ci", "atlassian confluence jira", r"[a-zA-Z0-9]{24}"),
    _p("aws-secret-access-key", "AWS secret access key", "cloud", "aws", r"[A-Za-z0-9/+]{40}"),
    _p("beamer-token", "Beamer API token", "collaboration", "beamer", r"b_[a-zA-Z0-9=_\-]{44}"),
    _p("bitbucket-secret", "Bitbucket client credential", "ci", "bitbucket", r"(?:[a-zA-Z0-9]{32}|[a-zA-Z0-9=_\-]{64})"),
    _p("bittrex-key", "Bittrex key", "payment", "bittrex", r"[a-zA-Z0-9]{32}"),
    _p("cisco-meraki-key", "Cisco Meraki API key", "cloud", "meraki", r"[0-9a-f]{40}"),
    _p("cloudflare-api-key", "Cloudflare API key", "cloud", "cloudflare", r"(?:[a-zA-Z0-9_-]{40}|[a-f0-9]{37})"),
    _p("cloudant-credential", "Cloudant credential", "database", "cloudant", r"(?:[a-z0-9]{24}|[a-f0-9]{64})"),
    _p("codecov-token", "Codecov token", "ci", "codecov", r"[a-zA-Z0-9-]{32,36}"),
    _p("cohere-key", "Cohere API key", "ai", "cohere co_api_key", r"[a-zA-Z0-9]{40}"),
    _p("coinbase-token", "Coinbase token", "payment", "coinbase", r"[a-zA-Z0-9_-]{64}"),
    _p("confluent-key", "Confluent key", "cloud", "confluent", r"(?:[a-zA-Z0-9]{16}|[a-zA-Z0-9+/]{64})"),
    _p("contentful-token", "Contentful token", "collaboration", "contentful", r"[a-zA-Z0-9=_\-]{43}"),
    _p("datadog-key", "Datadog key", "monitoring", "datadog dd_api dd_app", r"(?:[a-f0-9]{32}|[a-zA-Z0-9]{40})"),
    _p("defined-networking-token", "Defined Networking API token", "cloud", "dnkey", r"dnkey-[a-z0-9=_\-]{26}-[a-z0-9=_\-]{52}"),
    _p("discord-secret", "Discord credential", "chat", "discord", r"(?:[a-f0-9]{64}|[0-9]{17,19}|[a-zA-Z0-9=_\-]{32})"),
    _p("droneci-token", "Drone CI token", "ci", "droneci drone", r"[a-zA-Z0-9]{32}"),
    _p("dropbox-key", "Dropbox key", "collaboration", "dropbox", r"(?:[a-z0-9]{15}|[a-zA-Z0-9]{11}AAAAAAAAAA[a-zA-Z0-9\-_=]{43})"),
    _p("etsy-token", "Etsy access token", "payment", "etsy", r"[a-zA-Z0-9]{24}"),
    _p("facebook-secret", "Facebook app secret", "identity", "facebook", r"[a-f0-9]{32}"),
    _p("fastly-token", "Fastly API token", "cloud", "fastly", r"[a-zA-Z0-9=_\-]{32}"),
    _p("finicity-secret", "Finicity credential", "payment", "finicity", r"(?:[a-f0-9]{32}|[a-zA-Z0-9]{20})"),
    _p("finnhub-token", "Finnhub access token", "payment", "finnhub", r"[a-zA-Z0-9]{20}"),
    _p("flickr-token", "Flickr access token", "collaboration", "flickr", r"[a-zA-Z0-9]{32}"),
    _p("freshbooks-token", "FreshBooks access token", "payment", "freshbooks", r"[a-zA-Z0-9]{64}"),
    _p("gitter-token", "Gitter access token", "chat", "gitter", r"[a-zA-Z0-9_-]{40}"),
    _p("gocardless-token", "GoCardless API token", "payment", "gocardless", r"live_[a-zA-Z0-9\-_=]{40}"),
    _p("heroku-key", "Heroku API key", "cloud", "heroku", _UUID),
    _p("hubspot-key", "HubSpot API key", "collaboration", "hubspot", _UUID + r"|pat-[a-z0-9]{2,4}-" + _UUID),
    _p("intercom-token", "Intercom access token", "chat", "intercom", r"[a-zA-Z0-9=_\-]{60}"),
    _p("jfrog-key", "JFrog key", "ci", "jfrog artifactory bintray xray", r"(?:[a-zA-Z0-9]{73}|[a-zA-Z0-9]{64})"),
    _p("kraken-token", "Kraken access token", "payment", "kraken", r"[a-zA-Z0-9/=_+\-]{80,90}"),
    _p("kucoin-key", "KuCoin key", "payment", "kucoin", r"(?:[a-f0-9]{24}|" + _UUID + ")"),
    _p("launchdarkly-token", "LaunchDarkly access token", "ci", "launchdarkly", r"[a-zA-Z0-9=_\-]{40}"),
    _p("linear-secret", "Linear client secret", "ci", "linear", r"[a-f0-9]{32}"),
    _p("linkedin-secret", "LinkedIn client credential", "identity", "linkedin linked_in linked-in", r"[a-zA-Z0-9]{14,16}"),
    _p("lob-key", "Lob API key", "mail", "lob", r"(?:live|test)_(?:pub_)?[a-f0-9]{31,35}"),
    _p("mailgun-signing-key", "Mailgun key", "mail", "mailgun", r"(?:pubkey-[a-f0-9]{32}|[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8})"),
    _p("looker-credential", "Looker API credential", "collaboration", "looker", r"(?:[a-zA-Z0-9]{20}|[a-zA-Z0-9]{24})"),
    _p("mapbox-token", "Mapbox token", "cloud", "mapbox", r"[ps]k\.[a-zA-Z0-9]{60}\.[a-zA-Z0-9]{22}"),
    _p("mattermost-key", "Mattermost token", "chat", "mattermost", r"[a-zA-Z0-9]{26}"),
    _p("messagebird-key", "MessageBird key", "mail", "messagebird message_bird message-bird", r"(?:[a-zA-Z0-9]{25}|" + _UUID + ")"),
    _p("netlify-token", "Netlify access token", "cloud", "netlify", r"[a-zA-Z0-9=_\-]{40,46}"),
    _p("new-relic-user-key", "New Relic user key", "monitoring", "newrelic new_relic new-relic", r"[a-zA-Z0-9]{64}"),
    _p("nytimes-token", "New York Times API key", "collaboration", "nytimes newyorktimes new-york-times", r"[a-zA-Z0-9=_\-]{32}"),
    _p("okta-token", "Okta API token", "identity", "okta", r"00[\w=\-]{40}"),
    _p("plaid-secret", "Plaid credential", "payment", "plaid",
       r"(?:[a-zA-Z0-9]{24}|[a-zA-Z0-9]{30}|access-(?:sandbox|development|production)-" + _UUID + ")"),
    _p("privateai-token", "Private AI API key", "ai", "privateai private_ai private-ai", r"[a-zA-Z0-9]{32}"),
    _p("rapidapi-key", "RapidAPI key", "cloud", "rapidapi", r"[a-zA-Z0-9_-]{50}"),
    _p("sendbird-token", "Sendbird credential", "chat", "sendbird", r"(?:[a-f0-9]{40}|" + _UUID + ")"),
    _p("sentry-access-token", "Sentry token", "monitoring", "sentry", r"[a-f0-9]{64}"),
    _p("sidekiq-secret", "Sidekiq Enterprise credential", "registry", "contribsys", r"[a-f0-9]{8}:[a-f0-9]{8}"),
    _p("snyk-token", "Snyk API token", "ci", "snyk", _UUID),
    _p("softlayer-key", "SoftLayer API key", "cloud", "softlayer", r"[a-z0-9]{64}"),
    _p("sonar-token", "SonarQube token", "ci", "sonar", r"(?:sq[pua]_)?[a-zA-Z0-9=_\-]{40}"),
    _p("squarespace-token", "Squarespace token", "payment", "squarespace", _UUID),
    _p("sumologic-key", "Sumo Logic credential", "monitoring", "sumo", r"(?:su[a-zA-Z0-9]{12}|[a-zA-Z0-9]{64})"),
    _p("travisci-token", "Travis CI token", "ci", "travis", r"[a-zA-Z0-9]{22}"),
    _p("twitch-token", "Twitch token", "chat", "twitch", r"[a-zA-Z0-9]{30}"),
    _p("twitter-secret", "Twitter (X) credential", "chat", "twitter",
       r"(?:[a-zA-Z0-9]{25}|[a-zA-Z0-9]{45}|[a-zA-Z0-9]{50}|[0-9]{15,25}-[a-zA-Z0-9]{20,40}|A{22}[a-zA-Z0-9%]{80,100})"),
    _p("yandex-aws-token", "Yandex Cloud key", "cloud", "yandex", r"YC[a-zA-Z0-9_\-]{38}"),
    _p("zendesk-key", "Zendesk secret key", "collaboration", "zendesk", r"[a-zA-Z0-9]{40}"),
]

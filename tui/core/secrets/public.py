"""Keys meant to be public: a finding about a secret, not about a key every visitor receives.

Some providers issue a key whose documented place is the page itself: a form service's access
key (Web3Forms, Formspree, Getform, Basin), a captcha's site key, EmailJS's public key, Supabase's
anon key, Algolia's search-only key. Telling the owner to rotate one is advice they would reject,
so such a hit is not a secret finding at all. A Google API key in a Firebase web config or a
Maps browser script is public by design too, but the same ``AIza…`` shape unrestricted on a
server is a credential: that one could be either, so it is at most ``possible``.

The key's public name (site key, anon key, search-only key) counts only on the hit's own line;
the three lines either side count only for a form service's address (a form's ``access_key``
sits in a fetch call a line from the service's URL). A line that names the value as secret
(``secret``, ``private``, ``service_role``, ``server``, ``admin``, ``deploy``, ``password``,
``token``, ``credential``) keeps it whatever
the neighbours say: a Supabase service-role key beside the anon key is still a secret.

Redaction is not touched: a public key is still masked in every output (nothing lost by it).
"""
from __future__ import annotations

from ..textutil import lazy_re

# a form service whose only key is the public one: its address may sit a few lines away
_FORM_SERVICE = lazy_re(r"(?i)web3forms|formspree|getform\.io|usebasin|emailjs")
# the key's own name says it is the public one (read on the value's own line only: a password
# on the line after a captcha's site key is still a password)
_PUBLIC_NAME = lazy_re(r"(?i)(?:recaptcha|hcaptcha|turnstile)[\w .-]{0,20}site[ _-]?key|\bsite[ _-]?key\b|"
                       r"search[ _-]?only[ _-]?(?:api[ _-]?)?key|\banon(?:ymous)?[ _-]?(?:public[ _-]?)?key\b|supabase[\w.-]{0,12}anon|"
                       r"web3forms|formspree|getform\.io|usebasin|emailjs")
# a form service's key as its fetch call or form field names it
_FORM_KEY = lazy_re(r"(?i)access[ _-]?key|public[ _-]?key|\bkey\b|form[ _-]?id")
# where an AIza key is public by design, yet the same shape can be a server's credential
_PUBLIC_OR_NOT = lazy_re(r"(?i)firebase|maps[ _.-]?(?:javascript|js|api|embed|browser)|\bmaps\.googleapis|browser[ _-]?key")
# the value's own line says it is not the public one
_SECRET_SAID = lazy_re(r"(?i)secret|private|service[ _-]?role|server|admin|deploy|webhook|signing|"
                       r"passw|pwd|token|credential")
_WINDOW = 3   # lines either side


def _lines_around(text: str, start: int, end: int, n: int) -> tuple[str, str]:
    """(the hit's own line without the value, that line with ``n`` lines either side)."""
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", end)
    b = len(text) if b < 0 else b
    lo, hi = a, b
    for _ in range(n):
        if lo > 0:
            lo = text.rfind("\n", 0, lo - 1) + 1
        if hi < len(text):
            nxt = text.find("\n", hi + 1)
            hi = len(text) if nxt < 0 else nxt
    return text[a:start] + text[end:b], text[lo:hi]


def public_confidence(text: str, rule: str, start: int, end: int, confidence: str) -> str | None:
    """The confidence a secret hit keeps once its context is read: None when the key is public
    by design, 'possible' when it could be either, else ``confidence`` unchanged."""
    if rule not in ("generic-secret", "prefixed-token", "long-token", "named-key", "gcp-api-key"):
        return confidence   # a provider's secret shape (sk_live_, ghp_…) is never the public key
    own, around = _lines_around(text, start, end, _WINDOW)
    if _SECRET_SAID.search(own):
        return confidence
    if rule != "gcp-api-key" and (_PUBLIC_NAME.search(own)
                                     or (_FORM_KEY.search(own) and _FORM_SERVICE.search(around))):
        return None
    if _PUBLIC_OR_NOT.search(around):
        return "possible"
    return confidence


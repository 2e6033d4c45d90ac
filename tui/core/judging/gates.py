"""The write gates (SPEC §5), per entry: secret, sensitive, transient, in-code, traversal,
identifying. Audit runs the same functions over a directory; the write path runs them
before anything touches the disk.

Every function takes the entry's whole text (frontmatter included, so line numbers are
the file's) and returns findings that echo nothing secret.
"""
from __future__ import annotations

import dataclasses
import re

from .anchors import AnchorChecker
from ..reading.entry import MemoryEntry
from .home_names import full_name
from .findings import Finding, Place
from ..fsutil import same_bytes
from ..textutil import line_span, line_of, without_code as _without_code, without_comments
from ..secrets.detect import blank_secrets, find_secrets
from ..secrets.public import public_confidence
from ..mentions import mentions
from .path_judging import INSTRUCTION_NAMES
from .sensitive import sensitive_findings  # noqa: F401 (part of the gates)
from .wording import is_template, process_findings, transient_findings  # noqa: F401
from .run_logs import run_log_findings
from .personal_ids import personal_id_findings
from .status_blocks import absorbed, log_places, status_block_findings
from .access_recipe import access_recipes

ROTATE = ("rotate this credential now: it has been written to disk and may already be in backups, "
          "sync or the agent's context; then remove it from the memory and refer to it by the name "
          "of its environment variable instead")


CHECK_ROTATE = ("check it: if it is a real password or key, rotate it and refer to it by the name of its "
                "environment variable instead; if it is not, nothing to do")


# -- secrets ---------------------------------------------------------------------

def secret_findings(entry_id: str, text: str) -> list[Finding]:
    out = []
    pairs: dict[int, list[tuple]] = {}   # a line's logins and passwords: one list, one finding
    for h in find_secrets(text):
        shown = f"{h.prefix}…, " if h.prefix else ""
        sure = public_confidence(text, h.rule, h.start, h.end, h.confidence)   # a form's key ships in the page
        if sure is None:
            continue
        if h.rule == "login-password":
            pairs.setdefault(line_of(text, h.start), []).append((h, sure))
            continue
        if sure == "high":
            out.append(Finding(entry_id, "secret", h.rule, line_of(text, h.start),
                               f"{h.title} ({shown}{h.length} characters) — value not shown", ROTATE))
        else:
            out.append(Finding(entry_id, "secret", h.rule, line_of(text, h.start),
                               f"possibly a credential: {h.title} ({shown}{h.length} characters, short or "
                               "word-like) — value not shown", CHECK_ROTATE, confidence="possible"))
    for line, hits in pairs.items():
        out.append(_login_list(entry_id, text, line, hits))
    return sorted(out, key=lambda f: f.line or 0)


def _login_list(entry_id: str, text: str, line: int, hits: list[tuple]) -> Finding:
    """The logins and passwords of one line ("Accounts: alice/…, bob/…") as one finding that names
    each password's place (its column), never its value: the owner rotates the list at once."""
    sure = any(level == "high" for _, level in hits)
    h = hits[0][0]
    if len(hits) == 1:
        if sure:
            return Finding(entry_id, "secret", h.rule, line, f"{h.title} ({h.length} characters) — value not shown",
                           ROTATE)
        return Finding(entry_id, "secret", h.rule, line, f"possibly a credential: {h.title} ({h.length} characters, "
                       "short or word-like) — value not shown", CHECK_ROTATE, confidence="possible")
    start = text.rfind("\n", 0, h.start) + 1
    places = tuple(Place(entry_id, line, f"pair {k}, its password at column {p.start - start + 1}: {p.length} "
                                         "characters — value not shown") for k, (p, _) in enumerate(hits, 1))
    said = f"{len(hits)} logins and their passwords in one list — values not shown"
    if sure:
        return Finding(entry_id, "secret", h.rule, line, said, ROTATE, places=places)
    return Finding(entry_id, "secret", h.rule, line, f"possibly credentials: {said} (short or word-like)", CHECK_ROTATE,
                   confidence="possible", places=places)


# -- facts already in the code ---------------------------------------------------------

IN_CODE_WORDS = 6        # a run of six words ...
IN_CODE_CHARS = 40       # ... and at least 40 characters, copied verbatim: long enough that
                         # 'test' in package.json (or any short command) never counts


# a string in quotation marks, twenty characters or more on one line: "You are a reviewer who …"
_QUOTED_STRING = re.compile(r'"[^"\n]{20,}"|“[^”\n]{20,}”|«[^»\n]{20,}»|「[^」\n]{20,}」')


def _shingles(words: list[str]) -> dict[tuple[str, ...], int]:
    return {tuple(words[i:i + IN_CODE_WORDS]): i for i in range(len(words) - IN_CODE_WORDS + 1)}


def _shingle_set(words: list[str]) -> set[tuple[str, ...]]:
    """The keys of _shingles(words), built in C (zip of the shifted lists)."""
    return set(zip(*(words[k:] for k in range(IN_CODE_WORDS))))


def _file_shingles(checker: AnchorChecker, path, content: str) -> set:
    cache = checker.__dict__.setdefault("_shingle_cache", {})
    key = (str(path), len(content), hash(content))
    if key not in cache:
        cache[key] = _shingle_set(content.split())
    return cache[key]


def _word_offset(text: str, i: int) -> int:
    """Where the i-th white-space-separated word of ``text`` starts."""
    for n, m in enumerate(re.finditer(r"\S+", text)):
        if n == i:
            return m.start()
    return 0


def _run_line(content: str, words: tuple[str, ...]) -> int | None:
    """The line of ``content`` where these words stand in a row (white space between them any)."""
    m = re.search(r"(?<!\S)" + r"\s+".join(map(re.escape, words)) + r"(?!\S)", content)
    return content.count("\n", 0, m.start()) + 1 if m else None


def in_code_findings(entry: MemoryEntry, checker: AnchorChecker, body: str | None = None,
                     mentioned: list[str] | None = None) -> list[Finding]:
    """Only files the memory itself names are read (a whole-repo search would reject everything)."""
    # a banner or note in an HTML comment is boilerplate, not the memory's own words; a quoted string
    # (a prompt, a message) is quoted on purpose, as evidence of what the code says
    body = without_comments(entry.body if body is None else body)
    if '"' in body or "“" in body or "«" in body or "「" in body:
        body = _QUOTED_STRING.sub(lambda m: " " * len(m.group(0)), body)
    words = body.split()
    if len(words) < IN_CODE_WORDS:
        return []
    if mentioned is None:   # the status already knows them; a write being checked does not
        mentioned = [m.path for m in mentions(blank_secrets(body))]
    named = list(dict.fromkeys([*entry.paths, *(a.file for a in entry.anchors), *mentioned]))
    quotes = [a.quote for a in entry.anchors if a.quote]
    mine: set | None = None   # made when a named file exists: most entries name none that does
    out = []
    for raw in named:
        c = checker.confine(raw)
        if c.unsafe or c.path is None or checker.kind(c.path) != "file" or checker.is_memory(c.path) \
                or c.path.name.lower() in INSTRUCTION_NAMES or c.path.name == entry.path.name and same_bytes(c.path, entry.path):
            continue   # an instruction file is the duplicate check's: a line it states is one finding there
        content, _ = checker.read(c.path)
        if not content:
            continue
        theirs = _file_shingles(checker, c.path, content)
        mine = _shingle_set(words) if mine is None else mine
        common = mine & theirs   # in C; most entries share no run of six words with a file
        for sh, i in (_shingles(words).items() if common else ()):
            if sh not in common:
                continue
            frag = " ".join(sh)
            if len(frag) >= IN_CODE_CHARS and not any(frag in q for q in quotes):
                ln = entry.body_line + body.count("\n", 0, _word_offset(body, i))
                code_line = _run_line(content, sh)
                out.append(Finding(entry.id, "in-code", "copied-from-file", ln,
                                   f"this text is already in {c.rel}" + (f" (line {code_line})" if code_line else ""),
                                   f"anchor the memory to it (anchor: {{file: {c.rel}, quote: \"…\"}}) and keep only "
                                   "what the code does not say, or do not store it: the agent can read the file"))
                break
    return out


# -- traversal and identifying data ------------------------------------------------------

def traversal_findings(entry: MemoryEntry, checker: AnchorChecker) -> list[Finding]:
    out = []
    for kind, raw in [("anchor", a.file) for a in entry.anchors] + [("path", p) for p in entry.paths]:
        c = checker.confine(raw)
        if c.unsafe:
            ln = _field_line(entry, raw)
            out.append(Finding(entry.id, "traversal", f"{kind}-escapes-root", ln,
                               f"the {kind} '{raw[:80]}' escapes the project root ({c.unsafe.removesuffix(' escapes the project root')})",
                               "use a path relative to the project root, inside it"))
    return out


def _field_line(entry: MemoryEntry, raw: str) -> int | None:
    pos = entry.text.find(raw)
    return line_of(entry.text, pos) if pos >= 0 else None


# ends where the ASCII host ends: "x@gmail.com으로" is an address followed by Korean
_EMAIL = re.compile(r"(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}(?![A-Za-z0-9-])")
# a dotted quad standing alone (not 1.2.3.4.5, not inside a word), with an optional port
_IPV4 = re.compile(r"(?<![\w.])((?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})"
                   r"(?!\w|\.\w)")   # a sentence's full stop may follow; a fifth part or .json may not
_QUAD_HINT = re.compile(r"\d\.\d+\.\d")   # in every dotted quad: most texts with dots have none (a quick scan)
# addresses everyone uses or that address no one: public resolvers, documentation ranges,
# loopback, link-local, shared (CGNAT), multicast and reserved, "this network"
_NOT_SOMEONES = re.compile(r"^(?:8\.8\.[48]\.[48]|1\.[01]\.[01]\.1|1\.1\.1\.1|9\.9\.9\.9|149\.112\.112\.112|"
                           r"208\.67\.22[02]\.22[02]|4\.2\.2\.\d|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|127\.|0\.|"
                           r"169\.254\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|2(?:2[4-9]|[3-5]\d)\.|"
                           r"10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)")
_VERSIONISH = re.compile(r"(?i)(?:\bv|\bversion|\brelease|\bbuild|\bver\.?|\brev\.?|\bsdk|\bapi|\bsection|§|"
                         r"\bchapter|\bstep|\bclause|\bitem|\brule|\boid)[ \t:=]*$")
def _placeholder_ip(ip: str) -> bool:
    """111.111.111.111, 12.34.56.78, 123.45.67.89: an address written to show the shape of one."""
    return len(set(ip.split("."))) == 1 or ip in ("12.34.56.78", "123.45.67.89", "98.76.54.32")


_IP_CONTEXT = re.compile(r"(?i)(?:\bip|host|server|addr|address|ssh|dns|proxy|gateway|node|@|//|=|:)[^\n]{0,12}$")
# a line about a domain's DNS records (an A record, an apex domain): its addresses are public by lookup
_DNS_RECORD = re.compile(r"(?i)\bA[ -]record|\brecord[ \t]+`?A\b|\bregistro[ \t]+`?A\b|\benregistrement[ \t]+`?A\b|"
                         r"\bapex\b|\bDNS (?:record|instruction|istruzion|registro)|\banycast\b|"
                         # a zone-file line (A @ 1.2.3.4), "DNS instructions" in Italian, Spanish, Portuguese order
                         r"\bA[ \t]+@[ \t]|\b(?:istruzioni|instrucciones|instruções|registros?|record) (?:de |del |do )?DNS\b|"
                         # the A record in ru, de, zh, ja, ko, vi, tr: A-запись, A-Eintrag, A记录, Aレコード, A 레코드
                         r"\bA[ -]?(?:запис|Eintrag|Datensatz|记录|記錄|解析|レコード|레코드|kaydı)|\bbản ghi[ \t]+A\b|"
                         r"\bDNS[- ](?:запис|Eintr|记录|記錄|レコード|레코드|bản ghi)")
# a heading over seeded logins of a demo or test tenant
_DEMO_HEADING = re.compile(r"(?i)\b(?:test|demo|seed(?:ed)?|sample|fake|dummy|sandbox)\b[^\n]*\b(?:login|credential|account|"
                           r"user)s?\b|\b(?:login|credential|account|user)s?\b[^\n]*\b(?:test|demo|seed(?:ed)?|sample|"
                           r"fake|dummy|sandbox)\b|credenciales de prueba|credenziali di test|cuentas? demo")
# "test users: a@…, b@…" on the address's own line (the words side by side: "sandbox … account"
# apart does not say the address is seeded)
_DEMO_USERS = re.compile(r"(?i)\b(?:test|demo|seed(?:ed)?|sample|fake|dummy)[ -](?:users?|accounts?|logins?|credentials?)\b|"
                         r"\b(?:usuários?|usuarios?|contas?|cuentas?|utenti|comptes?) (?:de |di )?(?:teste|prueba|test|demo)\b")
_HEADING_LINE = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t][^\n]*$")


def _heading_above(text: str, pos: int) -> str:
    """The last Markdown heading before ``pos`` ('' when none)."""
    last = ""
    for h in _HEADING_LINE.finditer(text, 0, pos):
        last = h.group(0)
    return last


# (a Windows profile may be named "First Last": a capitalised second word before the next separator)
_HOME = re.compile(r"(?:/home/|/Users/|[Cc]:\\\\?Users\\\\?)([A-Za-z0-9._-]+(?: [A-Z][a-z]+(?=[\\\\/]))?)")
_HOME_GOES_ON = re.compile(r"/[\w.~-]")
_ROUTE_BEFORE = re.compile(r"(?i)\b(?:routes?|router|routing|endpoints?|pages?|urls?|links?|redirects?|navigat\w*|"
                           r"GET|POST|PUT|DELETE|href|path=)\b")
_GENERIC_USERS = {"user", "username", "me", "runner", "ubuntu", "root", "admin", "shared", "public",
                  "you", "your-name", "yourname", "name", "example", "default", "<user>", "xxx", "alice", "bob",
                  # the default or service login of a server image, not a person's
                  "deploy", "app", "www-data", "git", "node", "ec2-user", "azureuser", "centos", "debian", "vagrant",
                  # a system's own account as installed: Windows' built-in ones, a Raspberry Pi's, Kali's
                  "administrator", "guest", "defaultuser0", "pi", "kali"}
# an account named for a service or a stage ("shop-production", "api_deploy"), not for a person
_SERVICE_USER = re.compile(r"(?i)^[a-z0-9.]+[-_](?:development|prod|production|staging|deploy|"
                           r"service|svc|bot|ci|worker)$")
# "e.g. C:\Users\mario": a stand-in name that shows the reader where their own goes
_EXAMPLE_BEFORE = re.compile(r"(?i)(?:\be\.\s?g\.|\bes\.|\bej\.|\bz\.\s?B\.|\bp\.\s?ex\.|for example|for instance|"
                             r"por ejemplo|por exemplo|ad esempio|per esempio|zum Beispiel|par exemple|例如|比如|например)"
                             r"[^\n]{0,30}$")


# user@host:path, as git and scp write a remote: a path after the colon (a port is digits, prose a space)
_SCP_PATH = re.compile(r":(?=[~/\w.-]*[A-Za-z_~/])[~/\w.-]+")

# addresses of a role or a service, not of a person (a provider's test sink: delivered@…)
_ROLE_MAILBOXES = {"info", "support", "contact", "hello", "help", "sales", "team", "office", "billing", "press",
                   "privacy", "security", "abuse", "postmaster", "webmaster", "no-reply", "noreply", "donotreply",
                   "notifications", "delivered", "bounced", "complained", "suppressed", "test", "admin", "hola",
                   "contacto", "contato", "kontakt", "ventas", "vendas", "facturas", "info-", "marketing", "careers",
                   "jobs", "legal", "dev", "devs", "ops",
                   # desks in more languages: customer service, support, sales, finance (pt, es, it, de, vi)
                   "atendimento", "suporte", "soporte", "supporto", "assistenza", "comercial", "financeiro",
                   "faturamento", "kundenservice", "service", "tuvan", "lienhe", "hotro", "cskh"}


# a part of a mailbox's name that makes it a desk's wherever it stands (teamz.lab.contact@, support-eu@)
_DESK_PARTS = {"contact", "contacts", "info", "support", "hello", "help", "sales", "office", "billing", "press",
               "careers", "jobs", "noreply", "notifications", "contato", "contacto", "kontakt", "atendimento",
               "soporte", "suporte", "hotro", "lienhe"}


def _token_before(text: str, pos: int) -> str:
    """The part of the word ``pos`` sits in that comes before it (a URL's scheme shows there)."""
    return text[max(text.rfind(c, 0, pos) for c in " \t\n`'\"(<[") + 1:pos]


def _value_key(value: str) -> str:
    """A finding's value as a short hash: what tells one address (or home folder) from another across
    files without keeping the value itself."""
    import hashlib
    return hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=6).hexdigest()


def identifying_findings(entry_id: str, text: str) -> list[Finding]:
    out = []
    for m in (_EMAIL.finditer(text) if "@" in text else ()):
        addr = m.group(0).lower()
        if "://" in _token_before(text, m.start() + 1):
            continue   # https://user@github.com/…, https://x-token:TOKEN@host: a URL's user, not a mailbox
        local = addr.split("@", 1)[0]
        if local in _ROLE_MAILBOXES or _DESK_PARTS.intersection(re.split(r"[._+-]", local)):
            continue   # info@, support@, shop.contact@: a desk, not a person
        if addr.endswith(("example.com", "example.org", "users.noreply.github.com", "gserviceaccount.com")) or \
                addr.startswith("noreply"):
            continue   # (a cloud service account, …@project.iam.gserviceaccount.com, is a program's, not a person's)
        if re.search(r"@[\w.-]*\.(?:png|jpg|svg|js|ts|py|service|timer|socket|target|mount|path)$", addr):
            continue   # logo@2x.png, pkg@1.2.js, systemd units: getty@tty1.service
        before = text[max(0, m.start() - 40):m.start()]
        if addr.endswith((".local", ".lan", ".internal", ".home", ".localdomain")) or \
                re.search(r"(?:\bssh|\bscp|\bsftp|\brsync|\bmosh|-J|ProxyJump)\s+(?:-\S+\s+)*\S*$", before):
            continue   # an ssh target (user@host), not a mailbox
        if _SCP_PATH.match(text, m.end()):
            continue   # git@github.com:owner/repo.git, deploy@host:/srv/app: an SSH remote (user@host:path)
        if _DEMO_HEADING.search(_heading_above(text, m.start())) or _DEMO_USERS.search(text, *line_span(text, m.start())):
            continue   # under "## Test logins" / "Demo accounts": a seeded account, not a person's mailbox
        out.append(Finding(entry_id, "identifying", "email", line_of(text, m.start()),
                           "an e-mail address", "refer to the person by role, or drop the address",
                           cause=_value_key(addr)))
    # a private address (10/8, 172.16/12, 192.168/16, loopback, link-local, CGNAT) identifies no one:
    # millions of networks number their hosts alike, and none is reachable from outside its own
    # (10.0.2.2 is every Android emulator's host, 172.17.0.1 every Docker bridge). Only a public
    # address can be found and reached: that is what an address tells of a person.
    for m in (_IPV4.finditer(text) if text.count(".") >= 3 and _QUAD_HINT.search(text) else ()):
        ip = m.group(1)
        if _NOT_SOMEONES.match(ip) or ip.endswith((".0", ".255")) or len(ip) == 7 or _placeholder_ip(ip) or \
                _VERSIONISH.search(text, max(0, m.start() - 12), m.start()):
            continue   # a network or broadcast address, a version or section number, 1.2.3.4
        if ip[1] == "." and not _IP_CONTEXT.search(text, max(0, m.start() - 24), m.start()):
            continue   # 'python 3.11.7.1': a small first number reads as a version unless said to be a host
        if _DNS_RECORD.search(text, *line_span(text, m.start())):
            continue   # an apex domain's A record: published for anyone to look up, a host's name already says it
        out.append(Finding(entry_id, "identifying", "public-ip", line_of(text, m.start()),
                           "a public IP address (a host of yours can be found and reached by it)",
                           "use the host's name or a role (\"the staging server\"), or leave it out"))
    for m in (_HOME.finditer(text) if ("/home/" in text or "Users" in text) else ()):
        name, before = m.group(1).rstrip(".").lower(), _token_before(text, m.start())
        if name in _GENERIC_USERS or name in _ROLE_MAILBOXES or _SERVICE_USER.match(name) or name.isdigit() or \
                ("://" in before and "file:" not in before) or \
                _EXAMPLE_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue   # a service login, an account of digits (C:\Users\40217: no name to learn), a web
            # URL's /home/ page, an example for the reader
        if not full_name(m.group(1).rstrip("."), text[m.end():m.end() + 40]):
            continue   # a first name, a login, a nickname, initials, a default account: the owner's own
            # working path, which they keep (stop 50: 3 of 18 corpus and 0 of 8 fresh verdicts right, all
            # three a given name joined to a family name)
        if m.group(0).startswith("/home/") and (not _HOME_GOES_ON.match(text, m.end()) or _ROUTE_BEFORE.search(
                text, max(text.rfind("\n", 0, m.start()) + 1, m.start() - 80), m.start())):
            continue   # /home/product: a web route; a filesystem home goes on into a folder (/home/ana/src)
        out.append(Finding(entry_id, "identifying", "home-path", line_of(text, m.start()),
                           "a home-directory path that carries a user name",
                           "use a path relative to the project, or ~", cause=_value_key(name)))
    return out


def entry_gates(entry: MemoryEntry, checker: AnchorChecker, mentioned: list[str] | None = None) -> list[Finding]:
    """Every per-entry gate, for an entry that parsed (text, frontmatter and body known)."""
    return (content_findings(entry) + traversal_findings(entry, checker)
            + in_code_findings(entry, checker, mentioned=mentioned))


def _status_blocks(entry_id: str, text: str, scan: str, found: list[Finding]) -> list[Finding]:
    """A status block in a memory not already read as a log (one cause, one finding)."""
    if is_template(entry_id):
        return []
    if any(f.kind == "process" for f in found):
        for f in found:   # a memory read whole as a session log: its one finding lists where it says the moment
            if f.rule == "session-log" and not f.places:
                f.places = log_places(entry_id, text, scan, f.line)
        return []
    return status_block_findings(entry_id, text, scan, {f.line for f in found if f.kind == "transient"})


def content_findings(entry: MemoryEntry) -> list[Finding]:
    """The gates that read nothing but the entry's text: judged once per version of a file
    (the parse cache keeps them), copied out so no caller can change the kept ones."""
    if entry.judged is None:
        text = entry.text
        scan = _without_code(text)
        found = (secret_findings(entry.id, text) + sensitive_findings(entry.id, text, scan)
                 + transient_findings(entry.id, text, entry.body_line, scan)
                 + access_recipes(entry.id, text, identifying_findings(entry.id, text))
                 + (run_log_findings(entry.id, text) or process_findings(entry.id, text, entry.body_line, scan)))
        said = {f.line for f in found if f.rule == "government-id"}   # a passport's number named so: one cause
        blocks = _status_blocks(entry.id, text, scan, found)
        found = absorbed(found, blocks) + blocks + [
            f for f in personal_id_findings(entry.id, scan) if f.rule != "travel-document" or f.line not in said]
        if "#" in entry.id or entry.file is not None:
            return found   # a part of a shared file: its file is what the cache keeps
        entry.judged = tuple(found)
    return [dataclasses.replace(f) for f in entry.judged]

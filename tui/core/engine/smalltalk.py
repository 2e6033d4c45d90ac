"""The words small talk is made of beyond filler (issue 40, stop 39): how one feels, the
weather, meals, the week's rhythm, in the languages memory is written in. A closed list, not
a folder's statistics: in a five-entry folder every word is rare, so rarity alone cannot tell
'tired' from 'Immich'. These words still count beside other evidence; they never open the gate
alone (evidence.LONE_BODY). Filler and greetings are dropped earlier (stopwords.py).
"""
from __future__ import annotations

from functools import lru_cache

_WORDS = """
tired exhausted sleepy hungry bored busy stressed happy sad glad fun funny weather rain rainy sunny
cold hot warm snow weekend holiday holidays vacation coffee tea lunch dinner breakfast beer weekday
monday tuesday wednesday thursday friday saturday sunday tonight tomorrow yesterday mood feel feeling cat cats dog dogs kitten puppy pet
cansado cansada aburrido hambre tiempo lluvia calor frio cafe almuerzo cena vacaciones
fatigue fatiguee ennuye faim meteo pluie chaud froid dejeuner diner vacances
mude hungrig langweilig wetter regen kalt warm kaffee mittagessen abendessen wochenende urlaub
stanco stanca fame pioggia caldo freddo pranzo vacanze
cansado fome chuva frio almoco jantar ferias
moe honger weer koud koffie lunch vakantie
trott hungrig trakig vader kallt kaffe lunch helg semester
yorgun aciktim sikildim hava yagmur soguk sicak kahve ogle aksam tatil
устал устала скучно голоден погода дождь холодно жарко кофе обед ужин выходные отпуск
疲れた 眠い 天気 雨 寒い 暑い コーヒー 昼ご飯 週末 休み
累 困 饿 无聊 天气 下雨 冷 热 咖啡 午饭 周末 假期
피곤 배고파 날씨 비 추워 더워 커피 점심 주말 휴가
thoi tiet mua lanh nong ca phe cuoi tuan
""".split()


@lru_cache(maxsize=1)
def small_talk_terms(terms) -> frozenset[str]:
    """The terms of the words above, as ``terms`` (tokens.terms: folded, stemmed, the scripts'
    fragments) makes them; made once, when a prompt is first read (tokens passes itself in)."""
    out: set[str] = set()
    for w in _WORDS:
        out |= terms(w)
    return frozenset(out)

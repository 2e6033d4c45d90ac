"""Filler words of every language memory is written in (function words, greetings, thanks): the
tokeniser (tokens.py) drops them, so that small talk never matches anything. Written folded
(fold.py), as the words they are compared with are: a test checks."""
from __future__ import annotations

import re

EN_STOP = set("""
a an the and or but nor not no yes so if then than that this these those there here it its it's i me my mine
we us our you your yours he him his she her they them their what which who whom whose when where why how
is are was were be been being am do does did doing done have has had having will would shall should can
could may might must of in on at by for with without about into onto from to as up down out over under
again further once all any both each few more most other some such only own same too very just also
now today please thanks thank thx hi hello hey ok okay sure yeah yep nope lol hmm let lets let's get got
go going gonna wanna want need like know think see say said tell told make made use used using via per
etc e.g i.e vs don doesn didn isn aren wasn weren won wouldn shouldn couldn can't cannot ll ve re
something anything everything nothing thing things way ways really actually maybe still even much many
well good great nice new old first last next one two three again back around right left time day
before after during while since until because through between against among within across above below
why's what's there's it'd i'm i've i'd you're we're they're
cool awesome perfect excellent amazing wonderful fine alright sounds sound ahead continue proceed carry
bye goodbye morning afternoon evening night welcome sorry appreciate appreciated cheers congrats
help helps helping anyway though also whatever kind sort bit lot lots really pretty quite much
mate buddy dude folks guys
""".split())

# Filler of the other languages memory is written in (folded as words are, below; Swedish,
# Turkish and Dutch since stop 36: 'var' stays out, a keyword in JavaScript). A word
# that is filler in one language and a developer's word in another stays out of here
# ('tag', 'fast', 'art' in German; 'test'), except French 'comment' ('how'), too common
# to keep: plural 'comments' still reaches the glossary.
OTHER_STOP = """
a al algo algun alguna algunas alguno algunos ante antes asi aun aunque bien cada casi como con contra cual cuales
cuando de del desde donde dos el ella ellas ellos en entre era eres es esa esas ese eso esos esta estas este esto
estos estoy estas estan fue fueron ha habia hacer hace hago hay hasta la las le les lo los mas me mi mis mucho muy
nada ni nos nosotros nuestro nuestra os otra otro para pero poco por porque puede pueden puedo que quien se sea ser
si sin sobre solo son su sus tambien tan tanto te tengo tiene tienen todo todos toda todas tu tus un una uno unos
usted ustedes vamos voy ya yo hola gracias buenas buenos dias tardes noches adios saludos vale bueno perfecto genial
claro favor oye hoy ahora ahi aqui alli entonces luego despues necesito quiero puedes podemos tal tiempo hace
le la les un une des du et ou mais donc ni car ce cet cette ces ca je tu il elle on nous vous ils elles moi toi
lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos qui quoi dont est sont suis sommes etes etre
avoir ai as avons avez ont ete etait fait faire fais peux peut pouvons veux veut dois doit faut au aux avec sans
pour par sur sous dans chez vers apres pendant depuis comme comment pourquoi quand quel quelle quels quelles combien
tres trop plus moins aussi encore deja toujours jamais tout tous toute toutes rien oui non pas alors voici voila
bonjour salut bonsoir merci beaucoup svp stp daccord parfait super top bonne bon soiree journee va ici maintenant
aujourd hui demain hier quoi faudrait fallait y fois
o os as um uma uns umas do da dos das em no na nas pelo pela com sem mas quem qual quais onde nao sim sao foi
estar esta estao estou tem tinha ter isso isto essa aquele aquela eu voce voces ele ela eles nos lhe meu minha
seu sua nosso nossa muito mais menos ja ainda tambem so oi ola obrigado obrigada valeu tudo boa bom dia tarde noite
ate logo amanha ontem hoje agora aqui ali vou vai faco fazer posso pode preciso quero devo deve como bem
der die das den dem des ein eine einen einem einer eines und oder aber doch sondern denn weil dass ob wenn als wie
was wer wo wann warum welche welcher welches ich du er sie es wir ihr mich mir dich dir sich uns euch mein meine
dein deine sein seine unser unsere ist sind war waren bin bist haben hat habe hast hatte wird werden wurde kann
konnen muss mussen soll sollen will wollen darf mit ohne fur von zu zum zur bei nach vor aus auf an am im uber
unter um durch gegen nicht kein keine ja nein auch noch schon nur sehr da dann hier dort jetzt heute morgen gestern
hallo danke bitte tschuss gut geht gehts alles etwas viel mehr mal eben halt los immer nochmal nochmals wieder ab hin
il lo gli di della dei delle dal dalla nel nella su sul tra fra ed che chi cosa dove perche sono ho hai abbiamo
avete hanno questo questa quello quella ci vi mio tuo suo nostro molto piu gia ancora anche ciao grazie buongiorno
buonasera prego faccio devo voglio adesso qui mille come va oggi domani ieri si ne se sei siamo stai sta stanno
bene male fatto fare puo posso puoi vorrei dimmi spiega qual quale quali quanto quanti pero cioe tutto tutti niente
nulla ecco allora sempre mai gli alla allo agli alle dello degli nei negli sui sugli col coi uno una anche
и в во не что он она оно они на я с со как а то все так его ее но да ты к у же вы за бы по только мне было вот
от меня еще нет о из ему теперь когда даже ну ли если уже или ни быть был была были него до вас нибудь опять уж
вам ведь там потом себя ничего ей может тут где есть надо ней для мы тебя их чем сам чтобы без чего раз тоже себе
под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтоб нее сейчас куда
зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая
много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно
всю между привет спасибо пожалуйста здравствуйте пока сегодня завтра вчера дела нужно нужен нужна нужны сделать
правильно сколько какие каком каким какой покажи скажи расскажи давай давайте ок окей откуда
va la của co không được cho với cac những một nay đó khi thi để trong từ bằng như thế nao gi sao lam bạn tôi minh
anh chị em nhe nha ạ nhiều cảm ơn chao hôm nay rồi đã sẽ phải cần lên xuống ra vao ở tại đang cung rất hay hoặc
nhưng nếu vi nên về theo sau trước đâu ai bao giờ vậy đây kia a ơi luc hẹn gặp lại đi
안녕 안녕하세요 감사 감사합니다 고마워 고마워요 고맙습니다 수고 수고했어 수고하셨습니다 오늘 내일 어제 지금 그냥 정말
진짜 이거 그거 저거 이것 그것 무엇 뭐 뭔가 뭐부터 어떻게 어디 어디에 언제 왜 누구 알려줘 알려주세요 좀 제발 부탁 잘 네 예
아니 아니요 그럼 그리고 하지만 근데 그런데 이제 다시 계속 먼저 나중 우리 저 제 내 너 당신 있어 있나 있나요 없어
해줘 해주세요 하나요 하나 돼 되나요 돼요 될까 같은 같아 이런 그런 저런 어떤 무슨 모든 또 더 많이 너무 아주 매우 항상
반드시 같이 혹시 이미 아직 그래서 그러면 때 때는 전 전에 후 후에 다음 이번 부탁드려요 부탁해 할까 할래 줄래
och att det som ett pa ar av for med till den har inte jag du vi ni han hon mig dig oss sig min din
dar nu da sa eller ocksa bara alla allt mycket hur vad varfor nar vilken vilka kan ska skulle vill
maste hej tack tackar idag imorgon igar nej kanske finns blir blev gora gor gjorde
ve veya ile bu bir icin ne nasıl neden niye nerede mı mu cok daha gibi kadar ama fakat ancak ben sen biz
siz onlar benim senin bizim yok degil evet hayır merhaba selam tesekkurler tesekkur sagol lutfen simdi bugun
yarın dun tamam iyi hep hic sey bunu sunu onu bana sana yeter hangi kim neyi
het een maar dit deze zijn waren ik jij je hij zij ze wij jullie mijn jouw onze niet geen wel ook nog
hier daar dan als te voor met aan uit bij naar hoe wat waarom wanneer waar welke kunnen moet moeten
wil willen hallo dank bedankt alsjeblieft graag vandaag gisteren nee goed
"""

# The languages of OTHER_STOP's lines, in order (a test checks the count): a stop word is filler
# where the text is in its language (tokens.stop_scope), not in every text ('in' is Vietnamese for
# "print", 'die' and 'hat' are English words, 'son' is French "his" and English "son").
OTHER_LANGS = ("es",) * 7 + ("fr",) * 7 + ("pt",) * 4 + ("de",) * 6 + ("it",) * 5 + ("ru",) * 8 + ("vi",) * 3 + \
    ("ko",) * 5 + ("sv",) * 3 + ("tr",) * 3 + ("nl",) * 3
LANG_STOP: dict[str, set[str]] = {"en": set(EN_STOP)}
for _lang, _line in zip(OTHER_LANGS, OTHER_STOP.strip().splitlines()):
    LANG_STOP.setdefault(_lang, set()).update(_line.split())

STOP = frozenset(EN_STOP | set(OTHER_STOP.split()))   # (written folded, see fold: a test checks)
# Turkish filler in capitals: 'NASIL' lower-cases to 'nasil' (the capital of ı is I)
STOP = STOP | {w.replace("ı", "i") for w in STOP if "ı" in w}
_LATIN = re.compile(r"[a-z\u00c0-\u024f\u1e00-\u1eff']+")   # a Latin word (not Cyrillic, not Hangul)
# Vietnamese letters no other language here writes (folding keeps them: fold.py): a text with two
# words written so at least is Vietnamese, and another Latin language's filler is a word in it
# ('in' is "print", not English filler; 'do' is "because", not Portuguese). Only Vietnamese is told
# so: the other Latin languages' letters are folded away, and their lists, each incomplete
# ('la' is missing from the Italian one), cover each other's articles (stop 40 round 4 tried a
# vote of filler words for every language: small talk opened in French and Italian).
_VI_ONLY = re.compile("[ăđơư\u1ea0-\u1ef9]")
VI_WORDS_MIN = 2
VI_SCOPE = frozenset(w for w in STOP if w in LANG_STOP["vi"] or not _LATIN.fullmatch(w))


def stop_scope(words) -> frozenset | None:
    """The filler of a text whose words are ``words`` (folded): Vietnamese's own when the text
    is Vietnamese (see above), else None (every language's)."""
    n = 0
    for w in words:
        if not w.isascii() and _VI_ONLY.search(w):
            n += 1
            if n >= VI_WORDS_MIN:
                return VI_SCOPE
    return None


# Praise and farewells whose words are developers' words too ('work', 'job', 'done'; 'weekend', 'evening'
# and 'end' in the sign-offs of every language: "that's all for today", "на сегодня всё", "今日はもう終わり"):
# dropped from a prompt as phrases (query side only), never from an entry.
FILLER_PHRASES = r"\b(?:great|good|nice|awesome|excellent|amazing|fantastic) (?:work|job|stuff)\b|\bwell done\b|" \
                 r"\bthat'?s (?:all|it) for (?:now|today)\b|\bsee you\b|\btalk (?:later|soon|tomorrow)\b|" \
                 r"\bhave a (?:good|nice|great) (?:weekend|evening|day)\b|\bhow was (?:your|the) weekend\b|" \
                 r"\bqu[eé] tal (?:el|tu) fin de semana\b|\bbuen fin de semana\b|\bbon week-?end\b|" \
                 r"\bbonne (?:soir[eé]e|journ[eé]e)\b|\bsch[öo]nes wochenende\b|\bsch[öo]nen abend\b|" \
                 r"\bхорошего (?:вечера|дня)\b|\bхороших выходных\b|\bна сегодня вс[её]\b|" \
                 r"\bdet var allt\b|\bdat was het\b|\bc'est tout pour aujourd'hui\b|\beso es todo\b|" \
                 r"今日はもう終わり|今日はここまで|今天就到这里|오늘은 여기까지"

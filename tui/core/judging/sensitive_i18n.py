"""Sensitive statements about a person in the other languages memory is written in (those the
transient check knows): es, pt, fr, de, it, ru, vi, ja, ko, and Chinese beyond the first rules.

Each pattern needs a statement (someone *has*, *is*, *was diagnosed with*, *votes for* …),
never a category word alone: "campo religión", "病歴フィールド" name a field, not a person.
The hints are substrings one of which every match holds (checked before the pattern runs).
"""
from __future__ import annotations

import re

_ILLNESS_ES = r"(?:diabetes|depresión|ansiedad|cáncer|tdah|autismo|epilepsia|vih|trastorno bipolar|esquizofrenia)"
_ILLNESS_PT = r"(?:diabetes|depressão|ansiedade|câncer|cancro|tdah|autismo|epilepsia|hiv|transtorno bipolar)"
_ILLNESS_FR = r"(?:diabète|dépression|anxiété|cancer|tdah|autisme|épilepsie|vih|trouble bipolaire)"
_ILLNESS_DE = r"(?:Diabetes|Depressionen?|Angststörung|Krebs|ADHS|Autismus|Epilepsie|HIV)"
_ILLNESS_IT = r"(?:diabete|depressione|ansia|cancro|tumore|adhd|autismo|epilessia|hiv|disturbo bipolare)"
_ILLNESS_RU = r"(?:диабет|депресси\w*|рак(?![а-яё])|СДВГ|аутизм|эпилепси\w*|ВИЧ|биполярн\w* расстройств\w*)"
_ILLNESS_VI = r"(?:tiểu đường|trầm cảm|ung thư|rối loạn lo âu|động kinh|HIV|tự kỷ)"
_ILLNESS_ZH = r"(?:糖尿病|抑郁症|憂鬱症|焦虑症|焦慮症|癌症|高血压|高血壓|心脏病|心臟病|艾滋病|愛滋病|癫痫|癲癇|多动症|過動症|自闭症|自閉症|双相|雙相|精神分裂)"
_ILLNESS_JA = r"(?:糖尿病|うつ病|鬱病|癌|ADHD|発達障害|自閉症|てんかん|双極性障害|統合失調症)"
_ILLNESS_KO = r"(?:당뇨|우울증|불안장애|암 진단|ADHD|자폐|뇌전증|조울증|조현병)"

# (rule, label, hints, pattern)
RULES: list[tuple[str, str, tuple[str, ...], re.Pattern]] = [
    ("health", "health", ("diabet", "depresi", "ansiedad", "cáncer", "tdah", "autismo", "epilepsia", "vih",
                          "embarazada", "bipolar", "esquizofrenia"),
     re.compile(r"(?i)\b(?:tiene|padece(?: de)?|sufre de|le diagnosticaron|fue diagnosticad[oa] con|"
                r"diagnosticad[oa] con)\s+(?:un |una )?" + _ILLNESS_ES + r"|\bestá embarazada\b")),
    ("health", "health", ("diabet", "depress", "ansiedade", "câncer", "cancro", "tdah", "autismo", "epilepsia",
                          "hiv", "grávida", "bipolar"),
     re.compile(r"(?i)\b(?:tem|sofre de|foi diagnosticad[oa] com|diagnosticad[oa] com|tem diagnóstico de)\s+"
                + _ILLNESS_PT + r"|\bestá grávida\b")),
    ("health", "health", ("diabète", "dépression", "anxiété", "cancer", "tdah", "autisme", "épilepsie", "vih",
                          "enceinte", "bipolaire"),
     re.compile(r"(?i)\b(?:a (?:du |un |une |le |la |de l['’]|l['’])|souffre d[e'’]\s*(?:la |l['’])?|"
                r"a été diagnostiquée? (?:avec |d[e'’]\s*)(?:du |un |une |le |la |l['’])?)"
                + _ILLNESS_FR + r"|\best enceinte\b")),
    ("health", "health", ("diabetes", "depression", "angststörung", "krebs", "adhs", "autismus", "epilepsie", "hiv",
                          "schwanger", "krank"),
     re.compile(r"\b(?:hat|leidet an|leidet unter)\s+(?:eine |einer )?" + _ILLNESS_DE +
                r"|\bwurde (?:mit )?(?:einer? )?" + _ILLNESS_DE + r" diagnostiziert|\bist schwanger\b|"
                r"\b(?:ist|war)\b[^.\n]{0,50}\b(?:oft|häufig|länger|dauerhaft|seit|wegen)\b[^.\n]{0,40}\bkrank\b|"
                r"\b(?:ist|war|wurde)\b[^.\n]{0,30}\bkrankgeschrieben\b")),   # said of a person: how often, since, because of
    ("health", "health", ("diabete", "depressione", "ansia", "cancro", "tumore", "adhd", "autismo", "epilessia",
                          "hiv", "incinta", "bipolare"),
     re.compile(r"(?i)\b(?:ha (?:il |la |un |una )?|soffre di|(?:gli|le) è stat[oa] diagnosticat[oa] (?:il |la |un |una )?)"
                + _ILLNESS_IT + r"|\bè incinta\b")),
    ("health", "health", ("диабет", "депресс", "рак", "сдвг", "аутизм", "эпилепс", "вич", "беременна", "диагност"),
     re.compile(r"(?i)\bу (?:него|неё|нее|меня|пользователя|клиента|[А-ЯЁ][а-яё]+а?)\s+" + _ILLNESS_RU +
                r"|\b(?:ему|ей|мне|пользователю) (?:поставили )?диагностировали\b|\bбеременна\b")),
    ("health", "health", ("tiểu đường", "trầm cảm", "ung thư", "lo âu", "động kinh", "hiv", "tự kỷ", "mang thai"),
     re.compile(r"(?i)(?:bị|mắc|được chẩn đoán(?: mắc)?)\s+(?:bệnh )?" + _ILLNESS_VI + r"|đang mang thai")),
    ("health", "health", ("糖尿病", "抑郁", "憂鬱", "焦虑", "焦慮", "癌症", "高血", "心脏病", "心臟病", "艾滋", "愛滋",
                          "癫痫", "癲癇", "多动", "過動", "自闭", "自閉", "双相", "雙相", "精神分裂", "確診", "抗抑郁", "胰岛素"),
     re.compile(r"(?:我|他|她|用户|用戶|使用者|老板|老闆|同事|客户|客戶)(?:有|患有|得了|罹患|被诊断出?|被診斷出?|确诊|確診)(?:了)?"
                + _ILLNESS_ZH + r"(?!字段|欄位|栏位|数据|數據|表|列|功能|模块|模組|代码|代碼|筛查|篩查|检测|檢測)|(?:在吃|服用)(?:抗抑郁药|抗憂鬱藥|胰岛素|胰島素|降压药|降壓藥)")),
    ("health", "health", ("糖尿病", "うつ", "鬱病", "癌", "adhd", "発達障害", "自閉症", "てんかん", "双極性",
                          "統合失調", "診断", "妊娠中", "通院"),
     re.compile(r"(?:私|僕|彼|彼女|ユーザー|利用者|[\u4e00-\u9fff]{1,3}さん)(?:は|が)\S{0,6}?" + _ILLNESS_JA +
                r"(?:です|だ|を患|がある|があります|になった|にかかった|と診断)" +
                r"|" + _ILLNESS_JA + r"と診断され|(?:を患って|で通院中|妊娠中)")),
    ("health", "health", ("당뇨", "우울증", "불안장애", "암 진단", "adhd", "자폐", "뇌전증", "조울증", "조현병", "진단", "임신"),
     re.compile(r"(?:저는|제가|그는|그녀는|사용자는|유저는|[가-힣]{2,3}\s?(?:님|씨)(?:은|는|이|가)?)\s*\S{0,8}?" + _ILLNESS_KO +
                r"(?:이|가)?\s*(?:있|걸렸|진단을 받았|진단받았|이다|입니다|예요|이에요)" +
                r"|" + _ILLNESS_KO + r"\s*(?:진단을 받았|진단받았)|임신 중이|임신했")),
    # ('ateo', 'atea': "ate" alone is in "update" and "generate", and had the pattern tried in most texts)
    ("religion", "religion", ("musulm", "cristian", "católic", "judí", "budista", "hindú", "ateo", "atea"),
     re.compile(r"(?i)\b(?:es|soy|eres|somos) (?:un |una )?(?:musulmán|musulmana|cristian[oa]|católic[oa]|judí[oa]|"
                r"budista|hindú|ate[oa])\b")),
    ("religion", "religion", ("muçulman", "cristã", "cristão", "católic", "judeu", "judia", "budista", "ateu", "ateia"),
     re.compile(r"(?i)\b(?:é|sou) (?:um |uma )?(?:muçulman[oa]|cristã|cristão|católic[oa]|judeu|judia|budista|ateu|ateia)\b")),
    ("religion", "religion", ("musulman", "chrétien", "catholique", "juif", "juive", "bouddhiste", "athée"),
     re.compile(r"(?i)\b(?:est|suis) (?:un |une )?(?:musulmane?|chrétien(?:ne)?|catholique|juif|juive|bouddhiste|athée)\b")),
    ("religion", "religion", ("muslim", "christ", "katholik", "jude", "jüdin", "buddhist", "atheist"),
     re.compile(r"\b(?:ist|bin) (?:ein |eine )?(?:Muslim(?:in)?|Christ(?:in)?|Katholik(?:in)?|Jude|Jüdin|"
                r"Buddhist(?:in)?|Atheist(?:in)?)\b|\bist (?:muslimisch|katholisch|jüdisch|evangelisch)\b")),
    ("religion", "religion", ("musulman", "cristian", "cattolic", "ebre", "buddista", "ateo", "atea"),
     re.compile(r"(?i)\b(?:è|sono) (?:un |una )?(?:musulman[oa]|cristian[oa]|cattolic[oa]|ebre[oa]|buddista|ate[oa])\b")),
    ("religion", "religion", ("мусульман", "христиан", "католи", "иуде", "буддист", "атеист", "православн"),
     re.compile(r"(?i)\b(?:он|она|я|пользователь|клиент)\s+(?:—\s+)?(?:мусульман(?:ин|ка)|христиан(?:ин|ка)|католи(?:к|чка)|"
                r"иуде(?:й|йка)|буддист(?:ка)?|атеист(?:ка)?|православн(?:ый|ая))\b")),
    ("religion", "religion", ("hồi giáo", "thiên chúa", "phật", "công giáo"),
     re.compile(r"(?i)(?:theo đạo (?:Hồi|Thiên Chúa|Phật|Công giáo)|là người (?:Hồi giáo|Công giáo|theo đạo Phật))")),
    ("religion", "religion", ("イスラム教徒", "キリスト教徒", "仏教徒", "ムスリム", "クリスチャン"),
     re.compile(r"(?:は|が)(?:イスラム教徒|キリスト教徒|仏教徒|ムスリム|クリスチャン)(?:です|だ|である)")),
    ("religion", "religion", ("무슬림", "기독교", "천주교", "불교", "이슬람"),
     re.compile(r"(?:무슬림|기독교인|기독교 신자|천주교 신자|불교 신자|이슬람교도)(?:이다|입니다|이에요|예요|이야|라서|이라서)")),
    ("politics", "politics", ("vota", "militante", "afiliad", "partido"),
     re.compile(r"\b(?:[Vv]ota (?:por|al|a) (?:el )?(?:PP|PSOE|Vox|Podemos|Sumar|Morena|PRI|PAN|Partido \w+)|"
                r"es militante del?|(?:está |es )?afiliad[oa] al partido|es (?:del|de) (?:PP|PSOE|Vox|Podemos|Morena|PRI|PAN))\b")),
    ("politics", "politics", ("vota", "filiad", "eleitor"),
     re.compile(r"\b(?:[Vv]ota (?:no|em) (?:PT|PL|PSDB|MDB|PSOL|Lula|Bolsonaro)|é filiad[oa] ao (?:partido|PT|PL|PSDB|MDB|PSOL)|"
                r"é eleitor[a]? d[eo] (?:Lula|Bolsonaro|PT|PL))\b")),
    ("politics", "politics", ("vote pour", "membre du parti", "milite"),
     re.compile(r"(?i)\b(?:est membre du parti|milite (?:au parti|pour le parti|au PS|au RN|à LFI))")),
    ("politics", "politics", ("wählt", "mitglied der", "anhänger der"),
     re.compile(r"\b(?:wählt (?:die )?(?:AfD|SPD|CDU|CSU|FDP|Grünen|Linke)|ist (?:Mitglied|Anhänger(?:in)?) der "
                r"(?:AfD|SPD|CDU|CSU|FDP|Grünen|Linken|Partei))")),
    ("politics", "politics", ("vota", "iscritt", "milita"),
     re.compile(r"\b(?:[Vv]ota (?:per )?(?:il |la )?(?:Lega|PD|FdI|M5S|Forza Italia)|è iscritt[oa] al partito|"
                r"milita nel partito)\b")),
    ("politics", "politics", ("голосует за", "член партии", "голосовал за"),
     re.compile(r"(?i)\b(?:голосует за партию|голосовал[а]? за партию|(?:является )?член(?:ом)? партии)\b")),
    ("politics", "politics", ("đảng viên",), re.compile(r"(?i)là đảng viên")),
    ("politics", "politics", ("支持政党", "党員", "に投票"), re.compile(r"(?:支持政党は\S{1,10}|(?:は|が)\S{1,8}党員|\S{1,8}党に投票)")),
    ("politics", "politics", ("지지 정당", "당원", "투표했"), re.compile(r"(?:지지 정당은\s*\S{1,10}|\S{1,8}당 당원|\S{1,8}당에 투표했)")),
    ("politics", "politics", ("支持", "黨員", "投給"), re.compile(r"(?:(?:他|她|我|用户|用戶)(?:支持|是)\S{0,4}(?:黨|党)(?:員|员)?|投(?:票)?給\S{1,8}(?:黨|党))")),
    ("sexuality-gender", "sexual orientation or gender identity", ("gay", "lesbiana", "lésbica", "lesbienne", "lesbica",
                                                                   "bisex", "bisess", "bissex", "trans", "schwul",
                                                                   "lesbisch"),
     re.compile(r"(?i)\b(?:es|é|est|ist|è|soy|sou|suis|bin|sono) (?:gay|lesbiana|lésbica|lesbienne|lesbica|lesbisch|schwul|"
                r"bisexual|bissexual|bisexuel(?:le)?|bisexuell|bisessuale|transg[eé]ner[oa]?|transgenre|trans)\b(?!-)")),
    ("sexuality-gender", "sexual orientation or gender identity", ("гей", "лесбиянка", "бисексуал", "трансгендер",
                                                                   "ゲイ", "レズビアン", "バイセクシュアル", "トランスジェンダー",
                                                                   "게이", "레즈비언", "양성애자", "트랜스젠더", "đồng tính"),
     re.compile(r"(?i)\b(?:он|она|я)\s+(?:—\s+)?(?:гей|лесбиянка|бисексуал(?:ка)?|трансгендер)\b|"
                r"(?:は|が)(?:ゲイ|レズビアン|バイセクシュアル|トランスジェンダー)(?:です|だ)|"
                r"(?:게이|레즈비언|양성애자|트랜스젠더)(?:이다|다|입니다|예요|이에요|라서)|là người đồng tính")),
    ("immigration", "immigration status", ("inmigrante", "refugiad", "asilo", "sin papeles", "imigrante",
                                           "sem documentos", "sans-papiers", "sans papiers", "réfugié", "flüchtling",
                                           "asylbewerber", "aufenthalt", "clandestin", "rifugiat", "richiedente asilo"),
     re.compile(r"(?i)\b(?:es (?:inmigrante (?:ilegal|indocumentad[oa])|refugiad[oa]|solicitante de asilo)|"
                r"(?:no tiene papeles|está sin papeles)|é (?:imigrante ilegal|refugiad[oa])|está sem documentos|"
                r"est (?:sans[- ]papiers|réfugiée?|demandeur d['’]asile)|ist (?:Flüchtling|Asylbewerber(?:in)?)|"
                r"hat keine Aufenthalts(?:erlaubnis|genehmigung)|è (?:clandestin[oa]|rifugiat[oa]|richiedente asilo))\b")),
    ("immigration", "immigration status", ("нелегал", "беженец", "беженка", "nhập cư", "tị nạn", "不法滞在", "難民",
                                           "就労ビザ", "불법체류", "난민", "취업비자", "非法移民", "難民", "工作簽證"),
     re.compile(r"(?i)\b(?:(?:он|она|я) (?:—\s+)?(?:нелегальн\w+ мигрант\w*|беженец|беженка))\b|"
                r"nhập cư bất hợp pháp|là người tị nạn|不法滞在|難民申請中|就労ビザで働|불법체류|난민 신청|취업비자로|"
                r"是非法移民|持有?工作簽證")),
    ("criminal-record", "criminal record", ("condenad", "arrestad", "detenid", "antecedentes", "cárcel", "prisão",
                                            "presa", "preso", "condamné", "arrêté", "casier", "prison", "verurteilt",
                                            "verhaftet", "vorbestraft", "gefängnis", "condannat", "arrestat",
                                            "precedenti penali", "carcere"),
     re.compile(r"(?i)\b(?:fue condenad[oa]|tiene antecedentes penales|estuvo en (?:la cárcel|prisión)|"
                r"foi (?:condenad[oa]|pres[oa])|tem antecedentes criminais|esteve (?:na prisão|pres[oa])|"
                r"a été condamnée?|a un casier judiciaire|a fait de la prison|"
                r"wurde (?:verurteilt|verhaftet)|ist vorbestraft|saß im Gefängnis|"
                r"è stat[oa] condannat[oa]|ha precedenti penali|è stat[oa] in carcere)\b")),
    ("criminal-record", "criminal record", ("осужд", "арестован", "судимост", "tiền án", "ngồi tù", "bị bắt", "前科",
                                            "逮捕", "有罪判決", "전과", "체포", "유죄"),
     re.compile(r"(?i)\b(?:был[а]? (?:осужден[а]?|арестован[а]?)|имеет судимость|есть судимость)\b|có tiền án|"
                r"từng ngồi tù|bị bắt giam|前科がある|前科あり|逮捕された|有罪判決を受け|전과가 있|체포되었|유죄 판결을 받")),
]

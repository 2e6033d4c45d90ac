"""A compact multilingual glossary of what developers' memories are about.

Each concept (its English head word) lists the ways it is written in the languages
memory folders are written in. A word written one of those ways becomes the head word,
in entries and prompts alike, so "배포할 때", "cómo desplegamos", "задеплоить" and
"how do we ship" all meet an entry that says "deploy" (or "배포", or "despliegue").

Forms are matched on folded words (lower case, accents dropped — but Vietnamese keeps
its marks, they tell words apart —, ё → е), after the Korean particles are cut:
- a Latin or Cyrillic form is the start of a word (``despl`` holds desplegar and
  despliegue); a form ending in ``=`` is the whole word (``prod=``, ``db=``);
- a form of several words is a phrase, each word the start of the next word written;
- a Chinese or Japanese form is found anywhere in the run of characters; a Korean
  form starts the word once its particles are cut.

The limits (README, Retrieval): only these concepts bridge languages; a word outside
them matches only itself (or an identifier both sides share).
"""
from __future__ import annotations

from .fold import fold

# head word → its forms, separated by ',' (so a form may hold spaces)
CONCEPTS: dict[str, str] = {
    "deploy": "deploy, deplo, despleg, desplie, implant, bereitstell, ausroll, ausliefer, uitrol, driftsatt, utrull, rollout, roll out, "
              "ship=, ships=, shipping=, shipped=, депло, задепло, выкат, выклад, разверт, развёрт, разверн, "
              "triển khai, 배포, デプロイ, 部署, 上线, 上線",
    "release": "releas, lanzamiento, релиз, phát hành, 릴리스, 릴리즈, リリース, 发布, 發布, 发版, "
               "publish, publica, publier, publie=, veroffentlich, publicer, опубликова, публикац, 게시, 公開, 发表, 發表",
    "production": "production, prod=, produccion, producao, produktion, produktiv, productie, produzione, прод=, прода=, проде=, продакшн, "
                  "продакшен, продов, 프로덕션, 운영서버, 운영 서버, 運用環境, 本番, 生产, 生產, 线上",
    "staging": "staging, stage=, preprod, pre-prod, homolog, стейджинг, стейдж, 스테이징, ステージング, 预发, 預發",
    "test": "test, prueba, probar, teste, testar, testen, tester, testing, тест, kiểm thử, 테스트, テスト, 测试, 測試, "
            "单测, 單測",
    "migration": "migra, migrer, миграц, schema change, 마이그레이션, マイグレーション, 迁移, 遷移",
    "database": "database, db=, dbs=, datenbank, databas, base de datos, base de donnees, banco de dados, base dati, "
                "база данных, базы данных, базе данных, бд=, cơ sở dữ liệu, 데이터베이스, データベース, 数据库, 資料庫, "
                "数据表, 資料表",
    "backup": "backup, back up, backed up, respaldo, copia de seguridad, sauvegard, sicherung, бэкап, бекап, "
              "резервн, sao lưu, 백업, バックアップ, 备份, 備份",
    "bigquery": "bigquery, bq=",
    "booking": "booking, reserva, reservation, reservier, buchung, бронир, đặt chỗ, 예약, 予約, 预订, 預訂, 预约, 預約",
    "column": "column, columna, coluna, colonne, spalte, kolom=, kolommen=, kolumn, колонк, столбц, cột, 컬럼, カラム",
    "image": "image, images=, imagen, imagem, imagens=, afbeelding, bild=, bilder=, bilden=, avbildning, картинк, изображен, 이미지, 画像, 图片, 圖片, 图像, 圖像",
    "token": "token, jeton, токен, 토큰, トークン, 令牌, 权杖",
    "credential": "credential, secret, password, passwort, wachtwoord, losenord, contrasena, mot de passe, senha, пароль, секрет, "
                  "mật khẩu, 비밀번호, 비밀키, 자격증명, パスワード, 認証情報, 秘密, 密码, 密碼, 密钥, 密鑰, 凭据, 憑證",
    "key": "key=, keys=, clave=, claves=, chave=, chaves=, cle=, cles=, schlussel, sleutel, nyckel, ключ, 키=, キー, 密钥",
    "environment variable": "environment variable, env var, env=, envvar, variable de entorno, "
                            "variable d'environnement, variable d environnement, variavel de ambiente, variaveis de ambiente, "
                            "umgebungsvariable, omgevingsvariabel, miljovariab, переменн окружен, biến môi trường, 환경변수, 환경 변수, 環境変数, 环境变量, 環境變數",
    "branch": "branch, rama=, ramas=, branche, ветк, бранч, 브랜치, ブランチ, 分支",
    "merge": "merge, merging, мерж, мердж, смерж, 머지, 병합, マージ, 合并, 合併",
    "pull request": "pull request, merge request, pr=, prs=, mr=, пулл реквест, пул реквест, 풀리퀘스트, "
                    "プルリク, 合并请求",
    "push": "push=, pushed=, pushing=, pushes=, subir=, subo=, subes=, subimos=, pousser, pousse=, pushear, pushea=, empurrar, пуш=, пушить, запушить, "
            "запуш, 푸시, プッシュ, 推送",
    "commit": "commit, коммит, закоммит, 커밋, コミット, 提交",
    "build": "build, compil, сборк, собрат, собира, 빌드, ビルド, 构建, 構建, 打包, 编译, 編譯",
    "log": "log=, logs=, logging, logg=, loggar=, loggen=, logboek, logger, лог=, логи=, логов=, логах=, логам=, логир, nhật ký, 로그, ログ, 日志, 日誌",
    "error": "error, errors=, exception, erreur, erro=, erros=, fehler, fout=, fouten=, foutmelding, fel=, felet=, felen=, felmeddelande, ошибк, исключен, 에러, 오류, 예외, エラー, "
             "例外, 错误, 錯誤, 异常, 異常",
    "warning": "warning, warn=, warns=, advertencia, avertissement, warnung, waarschuwing, varning, предупрежд, "
               "cảnh báo, 경고, 警告, 告警",
    "lint": "lint, eslint, 린트, 린터, リント, リンター",
    # stop 38 (heldout37's cross-language misses, tune): who a thing is for, what to call the user, a boss, messages lost
    # in a switch-over, a shadow copy taken over, a screenshot to log in, installing; a word only these concepts bridge
    "audience": "audience, target user, target users, target audience, publico objetivo, publico alvo, public cible, "
                "zielgruppe, doelgroep, malgrupp, целевая аудитор, 대상 사용자, 타깃 사용자, 誰向け, 対象ユーザー, "
                "ターゲット層, 目标用户, 受众, 受眾",
    "call me": "call me, calls me, address me, addressed as, 称呼, 稱呼, 叫我, 呼び方, 호칭",
    "boss": "boss=, bosses=, jefe=, jefa=, chefe=, vorgesetzt, начальник, 상사, 사장님, 上司, 老板, 老闆, ボス",
    "message": "message, messages=, mensaje, mensagem, nachricht, meddelande, сообщени, tin nhắn, 메시지, メッセージ, "
               "消息, 訊息",
    "loss": "loss=, lost=, losing=, perdida, perdidas=, perda=, perdas=, verlust, forlust, потер, 손실, 유실, 損失, "
            "丢失, 丟失",
    "switch": "switch, cutover, cut over, umschalt, conmutac, basculement, переключ, 전환, 切り替え, 切替, 切换, 切換",
    "shadow": "shadow, sombra=, ombre=, schatten, skugg, тенев, 섀도, シャドウ, 影子",
    "take over": "take over, takes over, took over, taken over, takeover, adopt, ubernahm, ubernehm, ubernimm, 接管, "
                 "引き継, 인수",
    "screenshot": "screenshot, screen shot, captura de pantalla, captura de tela, capture d'ecran, bildschirmfoto, "
                  "skarmbild, скриншот, снимок экрана, 스크린샷, スクショ, スクリーンショット, 截图, 截圖, 截屏",
    "login": "login, log in, logged in, sign in, signin, iniciar sesion, inicio de sesion, anmeld, inlogg, logga in, "
             "войти, логин, đăng nhập, 로그인, ログイン, 登录, 登錄, 登入",
    "game": "game=, games=, gaming=, juego, jogo, jeu=, jeux=, spiel, spel=, spelet=, игр=, игра, игры=, игру=, игре=, "
            "trò chơi, 게임, ゲーム, 游戏, 遊戲",
    "computer": "computer, computers=, laptop, notebook=, portatil, portatiles=, ordenador, computadora, computador=, "
                "machine=, machines=, maquina, rechner, dator=, datorn=, компьютер, ноутбук, máy tính, 노트북, 컴퓨터, "
                "パソコン, ノートPC, 电脑, 電腦, 笔记本",
    "clone": "clone, clona, clono=, klon, клонир, 클론, クローン, 克隆",
    "pending": "pending, unfinished, not done yet, left to do, still to do, pendiente, pendente, ausstehend, openstaand, "
               "aterstaende, незаверш, осталось сделать, 미완료, 남은 작업, 未完了, 残タスク, やり残し, 没做完, 未完成, "
               "待办, 待辦, 待处理, 待處理",
    "progress": "progress=, left off, leave off, progreso, progresso, progres=, fortschritt, voortgang, framsteg, прогресс, "
                "tiến độ, 진행 상황, 진척, 進捗, 进度, 進度",
    "proxy": "proxy, proxies=, reverse proxy, прокси, 프록시, プロキシ, 代理, 反代",
    "restart": "restart, reboot, reinici, redemarr, neustart, herstart, omstart, перезапуск, перезагруз, khởi động lại, "
               "재시작, 再起動, 重启, 重啟",
    "port": "port=, ports=, puerto=, puertos=, порт=, порта=, порту=, 포트, ポート番号, 端口",
    "install": "install, setup=, set up, instala, installer, installier, installe=, установк, установи, cài đặt, 설치, インストール, 安装, 安裝",
    # common work words (stop 37: "implementing this ticket" and 実装前にタスク…; "tabblad", "titel")
    "implement": "implement, implementa, implementie, implément, реализ, 구현, 実装, 实现, 實現",
    "task": "task, tasks=, ticket, tickets=, tarea, tarefa, tache=, taches=, aufgabe, задач, 작업 항목, タスク, 任务, 任務",
    "review": "review, revisi, revisa, relecture, überprüf, ревью, 리뷰, レビュー, 评审, 審查, 审查",
    "title": "title, titel, titulo, titre=, titolo, заголов, 제목, タイトル, 标题, 標題",
    "tab": "tab=, tabs=, tabblad, pestaña, onglet, вкладк, 탭, タブ, 标签页, 分頁",
    "fork": "fork=, forks=, forked=, forken=, forkea, форк, 포크, フォーク",
    "module": "module, modulo, módulo, modul=, модул, 모듈, モジュール, 模块, 模組",
    "bug": "bug, defect, баг, 버그, バグ, 缺陷",
    "dashboard": "dashboard, chart, charts=, graph=, graphs=, tableau de bord, дашборд, 대시보드, ダッシュボード, "
                 "仪表盘, 儀表板, 看板",
    "latency": "latenc, response time, temps de reponse, tiempo de respuesta, tempo de resposta, antwortzeit, "
               "задержк, 지연시간, 응답시간, 응답 시간, レイテンシ, 応答時間, 延迟, 延遲, 响应时间",
    "docker": "docker, container, contenedor, conteneur, conteiner, контейнер, 컨테이너, 도커, コンテナ, 容器",
    "package manager": "package manager, npm=, pnpm=, yarn=, gestor de paquetes, gestionnaire de paquets, "
                       "gerenciador de pacotes, paketmanager, пакетный менеджер, 패키지 매니저, パッケージマネージャ, 包管理",
    "config": "config, konfig, instelling, installning, конфиг, настройк, cấu hình, 설정, 設定, 配置",
    "cache": "cache, кэш, кеш, 캐시, キャッシュ, 缓存, 快取",
    "auth": "authent, autent, auth=, аутентиф, авториз, xác thực, 인증, 認証, 认证, 認證, 鉴权",
    "expire": "expir, caduc, vencid, ablauf, abgelauf, verfall, истек, истёк, протух, hết hạn, 만료, 期限切れ, "
              "有効期限, 过期, 過期, 失效",
    "comment": "comments=, commentaire, comentario, kommentar, комментар, bình luận, 주석, コメント, 注释, 註解",
    "rollback": "rollback, roll back, revert, terugdraai, aterstall, откат, откатит, 롤백, ロールバック, 回滚, 回滾",
    "report": "report, informe, rapport, relatorio, laudo, bericht, отчет, отчёт, báo cáo, 보고서, 리포트, レポート, "
              "报告, 報告, 报表",
    "style": "style, estilo, stil=, стил, phong cách, 스타일, スタイル, 风格, 風格, 代码规范",
    # stop 47 round 2: what a web product's memory is about (a site, its pages, colours, backend,
    # payments, users), the words a prompt in another language than the folder's meets it by
    "website": "website, web site, site=, sites=, sitio web, sitio=, sitios=, webseite, webbplats, сайт, trang web, "
               "웹사이트, 사이트, ウェブサイト, サイト, 网站, 網站",
    "page": "page=, pages=, pagina, seite=, seiten=, страниц, 페이지, ページ, 页面, 頁面, 网页, 網頁",
    "palette": "palett, paleta, палитр, bảng màu, 팔레트, パレット, 调色板, 調色盤, 配色",
    "colour": "color, colour, colores=, couleur, farbe, kleur, farg=, farger=, цвет, màu sắc, 색상, 색깔, カラー, "
              "颜色, 顏色",
    "font": "font, fonts=, schriftart, шрифт, phông chữ, 폰트, 글꼴, フォント, 字体, 字體",
    "backend": "backend, back end, server side, server-side, бэкенд, бекенд, серверн, 백엔드, バックエンド, 后端, 後端, "
               "服务端, 服務端",
    "frontend": "frontend, front end, фронтенд, 프론트엔드, 프런트엔드, フロントエンド, 前端",
    "server": "server=, servers=, servidor, serveur, сервер=, сервера=, серверы=, máy chủ, 서버, サーバー, サーバ, "
              "服务器, 伺服器",
    "animation": "animat, animac, анимац, hoạt ảnh, 애니메이션, アニメーション, 动画, 動畫",
    "payment": "payment, pago=, pagos=, pagamento, paiement, zahlung, betaling, betalning, оплат, платеж, платёж, "
               "thanh toán, 결제, 支払, 決済, 支付, 付款",
    "price": "price, pricing, precio, preco, prix=, preis=, preise=, prijs, цена, цены=, цену=, 가격, 価格, 値段, 价格, 價格",
    "user": "user, usuario, utilisateur, benutzer, nutzer, gebruiker, anvandare, пользовател, người dùng, 사용자, "
            "유저, ユーザー, 用户, 用戶",
    "notification": "notif, уведомл, thông báo, 알림, 通知",
    "search": "search, busqueda, recherch, suche=, suchen=, поиск, tìm kiếm, 검색, 検索, 搜索",
    "filter": "filter, filtr, фильтр, bộ lọc, 필터, フィルタ, 过滤, 過濾, 筛选, 篩選",
    # stop 50: a link, as a note about where links go says it in its own language ('链接', 'リンク')
    "link": "link=, links=, linked=, linking=, hyperlink, enlace, enlaces=, lien=, liens=, verknupf, "
            "ссылк, liên kết, 링크, リンク, 链接, 鏈接, 超链接",
    "button": "button, boton, botao, bouton, knopf, кнопк, 버튼, ボタン, 按钮, 按鈕",
    "contact": "contact, contacto, contato, kontakt, контакт, liên hệ, 연락처, 問い合わせ, 联系方式, 聯絡",
    # stop 48 round 3: where the work stands, as every folder's notes say it (a last session's
    # summary, the phase a plan is in), and a version, so that Vietnamese 'phiên bản' is no session;
    # English forms whole words ('sessionStorage' is no session)
    "session": "session=, sessions=, sesion=, sesiones=, sessao=, sessoes=, sessione=, sessioni=, sitzung, sessie=, "
               "sessies=, сесси, сеанс, phiên=, 세션, セッション, 会话, 會話",
    "phase": "phase=, phases=, phasen=, fase=, fases=, fasi=, fasen=, фаза, фазы=, фазе=, фазу=, фазой=, giai đoạn, 단계, "
             "フェーズ, 阶段, 階段",
    "version": "version=, versions=, versao=, versoes=, versione=, versioni=, versie=, versies=, верси, phiên bản, "
               "버전, バージョン, 版本",
    # a language's name is about which language: "comments in Spanish" answers "which language for comments"
    "language": "language, idioma, langue, lingua, sprache, taal=, sprak=, язык, ngôn ngữ, tiếng=, 언어, 言語, 何語, 语言, 語言, "
                "english, ingles, anglais, englisch, engels=, engelska, ingle, английск, tiếng anh, 영어, 英語, 英文, 英语, "
                "spanish, espanol, espagnol, spanisch, испанск, 스페인어, スペイン語, 西班牙语, "
                "french, frances, francais, franzosisch, французск, 프랑스어, フランス語, 法语, "
                "german, aleman, allemand, deutsch, немецк, 독일어, ドイツ語, 德语, "
                "portuguese, portugues, portugais, portugiesisch, португальск, 포르투갈어, ポルトガル語, 葡萄牙语, "
                "russian, ruso, russe, russisch, русск, 러시아어, ロシア語, 俄语, "
                "korean, coreano, coreen, koreanisch, корейск, 한국어, 韓国語, 韩语, 韓語, "
                "japanese, japones, japonais, japanisch, японск, 일본어, 日本語, 日语, "
                "chinese, chino, chinois, chinesisch, китайск, 중국어, 中国語, 中文, 汉语, "
                "vietnamese, vietnamita, vietnamien, вьетнамск, tiếng việt, 베트남어, ベトナム語, 越南语",
}

# Tech names as Korean and Japanese users write them (issue 40: "도커", "スーパーベース" against an
# entry's "docker", "Supabase"): the Latin name is the head word, so both sides fold to it. 30
# names and WeChat's mini program, those seen in real folders' prompts and the commonest tools; a name that is an English
# word too is a whole word (``=``: "react" is not "reaction", "excel" not "excellent").
TRANSLITERATED: dict[str, str] = {
    "github": "github, 깃허브, 깃헙, ギットハブ",
    "gitlab": "gitlab, 깃랩, ギットラボ",
    "python": "python, 파이썬, パイソン",
    "playwright": "playwright, 플레이라이트, プレイライト",
    "supabase": "supabase, 수파베이스, スーパーベース, スパベース",
    "firebase": "firebase, 파이어베이스, ファイアベース",
    "figma": "figma, 피그마, フィグマ",
    "react": "react=, reactjs=, 리액트, リアクト",
    "vercel": "vercel, 버셀, 베르셀, ヴァーセル",
    "notion": "notion=, 노션, ノーション",
    "slack": "slack=, 슬랙, スラック",
    "discord": "discord, 디스코드, ディスコード",
    "telegram": "telegram, 텔레그램, テレグラム",
    "youtube": "youtube, 유튜브, ユーチューブ",
    "postgres": "postgres, postgresql, 포스트그레스, ポスグレ, ポストグレス",
    "redis": "redis=, 레디스, レディス",
    "kubernetes": "kubernetes, k8s=, 쿠버네티스, クバネティス, クーバネティス",
    "typescript": "typescript, 타입스크립트, タイプスクリプト",
    "javascript": "javascript, 자바스크립트, ジャバスクリプト",
    "nginx": "nginx, 엔진엑스, エンジンエックス",
    "claude": "claude, 클로드, クロード",
    "android": "android, 안드로이드, アンドロイド",
    "chrome": "chrome=, 크롬, クローム",
    "excel": "excel=, 엑셀, エクセル",
    "jenkins": "jenkins, 젠킨스, ジェンキンス",
    "terraform": "terraform, 테라폼, テラフォーム",
    "grafana": "grafana, 그라파나, グラファナ",
    "flutter": "flutter, 플러터, フラッター",
    "unity": "unity=, 유니티, ユニティ",
    "unreal": "unreal=, 언리얼, アンリアル",
    "mini program": "mini program, miniprogram, mini-program, 小程序, 미니프로그램, ミニプログラム",
}
for _head, _forms in TRANSLITERATED.items():
    CONCEPTS[_head] = CONCEPTS[_head] + ", " + _forms if _head in CONCEPTS else _forms
CONCEPTS["docker"] += ", ドッカー"


def _build():
    words: dict[str, str] = {}             # exact folded word → head
    prefixes: dict[str, dict[str, str]] = {}   # first two letters → {prefix: head}
    phrases: list[tuple[tuple[str, ...], str]] = []
    cjk: dict[str, str] = {}               # Han or kana form → head
    for head, forms in CONCEPTS.items():
        for form in (f.strip() for f in forms.split(",")):
            if not form:
                continue
            if any("\u3040" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in form):
                cjk[form] = head   # Han and kana: anywhere in a run
                continue
            exact = form.endswith("=")
            # folded word by word, as the tokeniser folds a text's words: a Vietnamese phrase folded
            # whole kept the marks of 'hình' for its 'ấ' ('cấu hình'), and the sentence's 'hinh' never met it
            f = " ".join(fold(w) for w in form.rstrip("=").split(" "))
            if " " in f or "'" in f:
                phrases.append((tuple(f.replace("'", " ").split()), head))
            elif exact:
                words[f] = head
            else:
                prefixes.setdefault(f[:2], {})[f] = head
    phrases.sort(key=lambda p: -len(p[0]))
    starts: dict[str, list] = {}   # the first word's first two letters → its phrases, longest first
    for form, head in phrases:
        assert len(form[0]) >= 2, form   # (a lookup reads a word's first two letters)
        starts.setdefault(form[0][:2], []).append((form, head))
    return words, prefixes, starts, cjk


WORDS, PREFIXES, PHRASES, CJK_FORMS = _build()
CJK_SORTED = sorted(CJK_FORMS, key=len, reverse=True)


def head_of(word: str) -> str | None:
    """The concept a folded Latin or Cyrillic word (or Korean stem) is a form of, if any."""
    found = form_at_start(word)
    return found[0] if found is not None else None


def form_at_start(word: str) -> tuple[str, int] | None:
    """(the concept, the length of its form) a word is, or starts with: the whole word for an
    exact form, else the longest form it starts with ('배포스크립트' → deploy, 2)."""
    head = WORDS.get(word)
    if head is not None:
        return head, len(word)
    best = None
    for prefix, h in PREFIXES.get(word[:2], {}).items():
        if word.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, h)
    return (best[1], len(best[0])) if best is not None else None

# Portuguese (português). The same names, shapes and %-placeholders as en.py; the words
# of the Portuguese rules text: aposta, ante, aposta cega, pagar, dobrar, dealer, pontos,
# svara. host_tests/firmware/test_i18n.py checks that every line fits its place.

# Soft keys.
SELECT = "Escolher"
BACK = "Voltar"
PLAY = "Jogar"
QUIT = "Sair"
NEXT = "Seguinte"
YES = "Sim"
NO = "Não"
OK = "OK"
SHOW = "Mostrar"

# Title menu.
TITLE = "S V A R A"
MENU = ("Novo jogo", "Continuar", "Definições", "Regras", "Estatísticas", "Sair")
HELP_MENU = "\u25b2\u25bc escolher  OK abrir"
NO_MATCH = "Nenhum jogo a continuar"

# New game and settings.
NEW_GAME = "Novo jogo"
SETTINGS = "Definições"
OPTIONS = ("Pessoas", "Bots", "Nível dos bots", "Fichas", "Ante", "Curinga 7\u2663",
           "Dois 7 = 23", "Subidas", "Aposta cega", "Cega mínima", "Entrada svara",
           "Ritmo dos bots")
START = "Começar o jogo"
DONE = "Pronto"
HELP_OPTIONS = "\u25b2\u25bc escolher \u25c0\u25b6 mudar"
ON_OFF = ("não", "sim")
LEVELS = ("fácil", "normal", "difícil")
BUY_INS = ("dividida", "metade", "grátis")
PACES = ("lento", "normal", "rápido")
NO_CAP = "sem limite"
AS_ANTE = "= ante"

# Seat names.
YOU = "Você"
PERSON = "J%d"
BOT = "Bot %d"

# The table.
POT = "Pote %d"
LEVEL = "Nível %d"
GAME_NO = "#%d"
SVARA_MARK = "SVARA"
ST_BLIND = "cega %d"
ST_IN = "dentro"
ST_BET = "pôs %d"
ST_PASSED = "passou"
ST_OUT = "fora"
ST_TIED = "svara"
ST_ASKED = "entra?"
ST_NO_JOIN = "não entra"  # asked to join a svara, said no (its row, its pop-up)
ACT_PASS = "Passar"
ACT_CALL = "Pagar %d"
ACT_OPEN = "Apostar %d"
ACT_RAISE = "Subir %d"
ACT_BLIND = "Cega %d"
ACT_JOIN = "Entrar %d"
DID = ("%s passou", "%s pagou", "%s subiu para %d", "%s: cega %d", "%s entrou")
DID_OPEN = "%s apostou %d"
DID_NO_BLIND = "%s: sem cega"
THINKING = "%s pensa"
YOUR_TURN = "Sua vez, %s"
YOUR_TURN_1 = "Sua vez"
NO_CARDS = "sem cartas"
POINTS = "%d pontos"
AMOUNT_RANGE = "%d..%d"
HELP_TURN = "\u25b2\u25bc ação \u25c0\u25b6 fichas"
HELP_TURN_FIXED = "\u25b2\u25bc ação  OK jogar"
HELP_WAIT = "aguarde"
HELP_COVER = "OK: ver as cartas"
COVER_TITLE = "Passe o telefone"
COVER_TO = "para %s"
COVER_NOTE = ("Só %s pode olhar.", "Carregue em OK para", "ver as suas cartas.")
QUIT_ASK = ("Sair deste jogo?", "Pode voltar com", "Continuar.")
HELP_QUIT = "OK: sair  END: ficar"
# The chances (the * key).
ODDS = ("Vitória", "Svara", "Derrota")
ODDS_PCT = "%d,%d%%"
ODDS_NOTE = "Se todos mostrarem agora:"
HELP_ODDS = "*: voltar  OK jogar"

# Showdown, svara, game over.
SHOWDOWN = "Cartas na mesa"
GAME_TITLE = "Jogo %d"
WINS = "%s ganha %d"
YOU_WIN = "Você ganha %d"
WHY = ("", "Todos passaram:", "Ninguém pagou a cega:", "Os outros passaram:", "")
WHY_2 = ("", "o dealer leva o pote", "a cega leva o pote", "sem mostrar as cartas", "")
SVARA = "SVARA!"
SVARA_TIE = "Empate com %d pontos"
SVARA_POT = "O pote %d fica."
SVARA_JOIN = "Outros podem entrar: %d"
SVARA_FREE = "Outros entram grátis"
HELP_NEXT = "OK: próximo jogo"
HELP_SVARA = "OK: jogar a svara"
GAME_OVER = "Fim do jogo"
MATCH_WON = "%s ganha a partida"
YOU_WON = "Você ganhou a partida!"
YOU_OUT = "Ficou sem fichas"
AGAIN = ("Jogar de novo", "Início")
HELP_AGAIN = "\u25b2\u25bc escolher  OK abrir"

# Statistics.
STATS = "Estatísticas"
STAT_NAMES = ("Partidas", "Partidas ganhas", "Jogos", "Jogos ganhos",
              "Svaras", "Melhor mão",
              "Pote máx. ganho", "Lucro/perda")
HELP_BACK = "END ou Voltar: sair"

# Rules pages.
RULES = "Regras"
HELP_RULES = "\u25c0\u25b6 página  END voltar"
PAGE = "%d/%d"
CARD_POINTS = "Cartas: pontos"
CARD_POINT_LINES = ("7 8 9 valem 7 8 9,", "10 J Q K valem 10,", "o ás vale 11.",
                    ("J", ("Sem curinga: 7\u2663 é um 7.",), ("7\u2663 é o curinga.",)))
HANDS = "Pontos da mão"
HAND_ROWS = (
    ("Um naipe: somar", "10d 9d Jd"),
    ("Misto: o melhor naipe", "Kh 9h Qc"),
    ("Ases: 11 cada", "As Ad 10c"),
    ("Curinga entra no naipe", "7c Ah Kh"),
    ("Curinga + um par", "7c Kh Kd"),
    ("Dois setes: 23", "7h 7d 9s"),
    ("Trinca", "Qc Qh Qd"),
    ("Três ases", "Ac Ah Ad"),
    ("Três setes: a melhor", "7c 7h 7d"),
)
TEXT_PAGES = (
    ("Um jogo", (
        ("A", ("Todos pagam o ante: %d;", "quem não pode, sai.")),
        ("R", (), ("O ante dobra a cada", "%d jogos.")),
        ("B", ("Sem apostas cegas.",),
         ("Antes de dar, o primeiro", "pode apostar cega de %d", "ou mais, o seguinte o",
          "dobro, até alguém passar.")),
        "Três cartas a cada um.",
        "O último a ficar ou mais",
        "pontos leva o pote.",
        "O vencedor dá as cartas.",
    )),
    ("Nível", (
        "Nível (no alto): o máximo",
        "que alguém pôs neste jogo",
        "além do ante. Pagar n:",
        "pôr n e igualar. Apostar",
        "n, Subir n: o nível vira",
        "n, pelo menos um ante a",
        "mais, nunca além do total",
        "do mais pobre em jogo.",
        ("B", (), ("A cega conta inteira; a", "aposta após as cegas é", "pelo menos o dobro dela.")),
        ("C", ("Subidas: sem limite.",), ("1 aposta ou subida cada.",),
         ("Até %d apostas/subidas.",)),
    )),
    ("Sem check", (
        "Não há check: até alguém",
        "apostar, você Passa (sai,",
        "perdendo o que pôs) ou",
        "Aposta. Pagar só existe",
        ("B", ("após uma aposta.",), ("após uma aposta, mesmo", "depois das cegas.")),
        "Se ninguém aposta, leva o",
        "pote o último a falar:",
        ("B", ("o carteador, se jogar.",), ("a última cega, ou então", "o carteador, se jogar.")),
    )),
    ("Svara", (
        "Empate no melhor ponto é",
        "svara: o pote fica e é",
        "jogado de novo, sem ante;",
        "os empatados entram de",
        "graça, o carteador fica.",
        ("U", ("Outros na mesa podem", "entrar, da esquerda do",
               "carteador, pagando o pote", "/ empatados, arredondado",
               "para cima: 25, dois: 13."),
              ("Outros na mesa podem", "entrar, da esquerda do",
               "carteador, pagando meio", "pote, para cima (25: 13)."),
              ("Outros entram de graça.",)),
        "A partida acaba quando um",
        "tem todas as fichas.",
    )),
    ("Teclas", (
        "\u25b2\u25bc  escolher",
        "\u25c0\u25b6  mudar, fichas",
        "0-9  digitar fichas",
        "*  chances",
        "#  máx., meio pote, pote",
        "OK ou tecla esq.: fazer",
        "Tecla verde: pagar",
        "Tecla vermelha: voltar",
    )),
    ("A tecla #", (
        "# escolhe, em ordem:",
        "1. O máximo: o que o mais",
        "pobre em jogo tem ao todo",
        "(cega: a metade disso).",
        "2. Meio pote, 3. O pote",
        "todo: o nível sobe meio",
        "pote (arredondado para",
        "baixo) ou o pote, com o",
        "que você pagaria nele.",
        "Cega: meio pote ou pote;",
        "sempre dentro do limite.",
    )),
    ("Chances", (
        "Na sua vez, * mostra suas",
        "chances de ganhar, de",
        "empatar (svara) e de",
        "perder se todos que estão",
        "no jogo mostrassem agora.",
        "Conta exatamente todas as",
        "formas de dar as cartas",
        "que não vê. Ignora as",
        "apostas e as cartas de",
        "quem passou: é a força da",
        "mão, não um conselho.",
    )),
)
HELP_CHIPS = "\u25c0\u25b6 0-9 fichas %d..%d"

# Saving and errors (firmware/saving.py, app.py): the help line and the title note.
SAVE_FULL = "Sem espaço para gravar"
SAVE_ERROR = "Erro ao gravar %d"
SAVE_DAMAGED = "Arquivo ruim: %s"
OLDER_COPY = "Usada cópia anterior"
AFRESH = "Começou do zero"
GAME_DROPPED = "Jogo perdido"
NOTE_MEM = "Sem memória"
NOTE_ERR = "Erro"
RESTORED_MEM = "Sem memória: recuperado"
RESTORED_ERR = "Erro: jogo recuperado"
CONTINUE_LAST = "Continuar: último jogo"
# Why a save file was not whole: empty, not a save, version, cut short, too long,
# checksum, unreadable (firmware/store.py says it in English; saving.py shows these).
DAMAGE_WHY = ("vazio", "não é gravação", "versão errada", "cortado", "longo demais", "soma errada", "ilegível")

# Names; chips kept between matches.
NAME_OF = "Nome de %s"
HELP_NAMES = "\u25b2\u25bc escolher  OK editar"
HELP_NAME = "OK salvar  END cancelar"
NAME_KEYS = ("Teclas 2-9: letras; de", "novo: a seguinte. \u25b6,",
             "outra tecla ou pausa:", "segue.  \u25c0 apaga",
             "# Aa 0 espaço 1 .,'-!?&")
NAME_EMPTY = "Escreva um nome antes"
NAME_FULL = "Não cabe mais"

# Issue 17: amounts out of range, the replace question, what applies when, the last game, the Exit row.
AT_MOST = "No máximo %d"
AT_LEAST = "No mínimo %d"
BYE = "Até logo"
REPLACE_ASK = ("Começar novo jogo?", "O jogo guardado", "será substituído.")
HELP_REPLACE = "OK: novo  END: voltar"
NEXT_MATCH = "Para o próximo jogo novo"
HELP_LAST = "OK: resultado final"
NO_CHANCES = "Só após dar as cartas"

# Issue 17: the # presets of a bet (said on the help line).
PRESETS = ("O máximo", "Meio pote", "O pote todo")

# Issue 17: a bot's action as a pop-up on its row (5x8, 80 px from the state column): by action as DID.
POP = ("passa", "paga", "sobe para %d", "cega %d", "entra")
POP_OPEN = "aposta %d"
POP_NO_BLIND = "sem cega"

# Issue 17: the history screen (ui/history.py) and its soft key on the showdown.
HISTORY = "Histórico"
HELP_HISTORY = "▲▼ rolar ◀▶ jogo"
HIST_ANTE = "Entradas: pote %d"
HIST_CALL = "%s pagou %d"
HIST_NO_JOIN = "%s não entrou"
HIST_NONE = "Ainda nenhum jogo"

# Issue 17: the menu during play (ui/playmenu.py), on the table's right soft key.
MENU_KEY = "Menu"
PLAY_MENU = ("Voltar ao jogo", "Histórico", "Regras", "Definições", "Idioma", "Sair para o início")
# The rising ante's value on the options screens: after every %d games.
RISE_EVERY = "cada %d"
# The sound's volume on the Sound row: silent, low, high.
VOLUMES = ("desligado", "baixo", "alto")

# Issue 25 (t25-menus): Back on the options lists asks whether to keep the changes
KEEP_ASK = ("Manter as mudanças?", "Não: tudo volta", "a ser como era.")
HELP_KEEP = "OK: manter  END: desfaz"

# Issue 25 (t25-menus): Statistics: their reset (the left soft key, then the question)
RESET = "Zerar"
RESET_ASK = ("Zerar estatísticas?", "Todos os números", "voltam a 0.")
HELP_RESET = "OK: zerar  END: não"
# Issue 25 (t25-table): the table. Declining a blind (its action row); the green key
# with nothing to call, said on the help line by phase (blinds, betting, a svara's
# join); the ante in the header; the line above the message line (after the game's
# number: the games until the ante doubles, or its doubling this game) and the doubling
# said on the help line as the game starts; the question before passing a hand the
# chances favour (the box, its help line) and its Settings row.
ACT_NO_BLIND = "Sem cega"
NO_CALL = ("Pagar só após dar cartas", "Ninguém apostou ainda", "Entre na svara ou passe")
ANTE = "Ante %d"
ANTE_IN = "ante ×2 em %d jogos"
ANTE_NEXT = "ante ×2 no próximo"
ANTE_DOUBLED = "O ante dobrou: agora %d"
ANTE_NOW = "ante dobrou: %d"
FOLD_ASK = "Passar uma boa mão?"
HELP_FOLD = "OK: passar  END: voltar"
OPT_FOLD = "Confirmar o passe"
# The rows of Settings and New game that are not table settings (OPTIONS): the
# language, the names, and the preferences (firmware/settings.py PREFS).
OPT_LANG = "Idioma"
OPT_NAMES = "Nomes"
OPT_DECK = "Quatro cores"
OPT_RISE = "Entrada dobra"
OPT_SOUND = "Som"
# Issue 25 (t25-rules): the hand rows' labels when their rule is off; the first-game guide.
HAND_OFF = ("Sem curinga: 7\u2663 é um 7", "Sem curinga: sem bônus", "Dois setes: não é 23")
GUIDE_INTRO = ("Primeiro jogo", (
    "Três coisas que a Svara",
    "faz do seu jeito: o",
    "nível, não há check e a",
    "entrada na svara.",
    "",
    "OK ou \u25b6: segue; END: vai",
    "direto para a mesa.",
    "",
    ("P", ("Tudo está em Regras,", "páginas %d a %d.")),
))
HELP_GUIDE = "\u25c0\u25b6 página  END pular"
SKIP = "Pular"

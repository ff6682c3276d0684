// The rules guide of the "Ranks and rules" dialog, in the project's own
// words in each language: the board and its terrain, ranks and captures,
// the rat between water and land, the river jump, how a game ends, how to
// make a move, what is illegal, eight questions and answers, the common
// misreading, a start diagram, practice in three stages (each tied to a
// lesson board), where the rules come from, and a call to play.
"use strict";
import {currentLanguage} from "./i18n.js";
import {pieceOf, sqName, terrainOf, ownerOf, token} from "./board.js";
import {START, boardOf} from "./position.js";

export const GUIDE = {
  en: {
    intro: "Dou Shou Qi is read with two things at once: the rank of each animal and the ground it stands on. Traps change who may be taken, and a rat in the river can stop a lion or a tiger from jumping. Comparing ranks alone leads to captures the rules do not allow.",
    sections: [
      ["The board and its terrain", [
        "The board has seven files (a to g) and nine ranks (1 to 9). Red's den is d1, in the middle of Red's edge; Blue's den is d9, opposite. Three trap squares surround each den (c1, e1, d2 for Red; c9, e9, d8 for Blue). The two rivers in the middle are blocks of water two files wide and three ranks deep (b4–c6 and e4–f6).",
        "You win by bringing any of your pieces into the enemy den, while keeping the enemy out of yours. Your own den is closed to your own pieces.",
        "A piece standing in an enemy trap counts as rank 0: any enemy piece that can reach it may take it. It gets its rank back as soon as it steps out. Your own traps never weaken your pieces.",
      ]],
      ["Ranks and captures", [
        "From weakest to strongest: rat 1, cat 2, dog 3, wolf 4, leopard 5, tiger 6, lion 7, elephant 8. A piece may take an enemy of the same or a lower rank, as long as the terrain allows it: the dog takes a cat or a rat, never a wolf.",
        "Rat and elephant turn this round: on land the rat may take the elephant, and the elephant may not take the rat, except when the rat stands in one of the elephant's own traps (there it has rank 0, like any piece in an enemy trap).",
        "An ordinary move is one square up, down, left or right, never diagonal. It goes to an empty square or takes an enemy piece that rank and terrain allow. Two pieces of one side never share a square.",
      ]],
      ["The rat between water and land", [
        "Only the rat goes into the water. No other animal may stand on a river square; the lion and the tiger cross only by a legal jump.",
        "The rat takes the elephant only when both stand on land. A rat in the water cannot take a piece on the bank, and a piece on land cannot take a rat in the water. Two rats next to each other in the river may take each other.",
      ]],
      ["The river jump of the lion and the tiger", [
        "A lion or a tiger standing next to a river may jump straight across it, along a file or a rank, to the first square of the far bank.",
        "Every water square it passes over must be empty: a rat of either colour anywhere on that path stops the jump. The landing square may be empty or hold an enemy piece the jumper may take; it may never be the jumper's own den.",
        "The jump is one whole move: after landing, the turn passes.",
      ]],
      ["How a game ends", [
        "Entering the enemy den wins at once. A player who has no legal move when it is their turn loses (so does a player with no pieces left); being stuck is not a draw.",
        "This site declares a draw after 60 half-moves without a capture, that is 60 single moves of either side in a row. Pieces are never counted to decide a game, and no one may pass a turn.",
        "Online you may resign or offer a draw. Against the AI and on one device you may resign or start a new game.",
      ]],
      ["How to make a move", [
        "Look at whose turn it is (the status line says it) and tap one of that side's pieces. The board marks at once the empty squares it may go to (a dot) and the pieces it may take (a ring). Tap one of them to play the move.",
        "If nothing is marked, that piece has no legal move in this position. Until you pick a target you may tap another of your pieces instead: choosing costs no turn. A tap on a square the piece may not reach tells you why.",
      ]],
      ["Illegal moves", [
        "Not allowed: a diagonal step, an ordinary step of more than one square, entering your own den, moving an enemy piece, any animal but the rat entering water, the elephant taking a rat that is not in one of the elephant's own traps, a capture between water and land, a river jump over a rat, and a capture that rank or terrain forbid.",
      ]],
    ],
    diagram: ["The start position", "Red at the bottom, Blue at the top; each side's lion and tiger in the corners of its back rank, the dens in the middle of the edges, the rivers between the two armies."],
    qa: ["Questions and answers", [
      ["Can the rat take the elephant?", "Yes, when both are on land. The elephant may take the rat only when the rat stands in one of the elephant's own traps, and a rat in the river cannot reach up to an elephant on the bank."],
      ["Can the lion and the tiger always jump the river?", "No. They must stand right at the river, and every water square on the straight path must be free: a rat anywhere on it blocks the jump."],
      ["What happens when a piece enters an enemy trap?", "Its rank drops to 0 for as long as it stays there, so any enemy piece may take it if the move is otherwise legal. It gets its rank back on leaving. Your own traps do not lower your rank."],
      ["Why can't I go into my own den?", "It is the target of the other side, not a square for your pieces. You cannot stand in it, not even to block the way in."],
      ["Does Red always move first?", "Yes, in every mode. Against the AI you may take Red or Blue; with Blue, the AI makes the first move."],
      ["Can a game without captures go on for ever?", "Not here: 60 half-moves in a row without a capture make a draw. Online you may also offer a draw before that."],
      ["Can a lion jump over a rat to a free bank?", "No. The rat blocks the whole path, whatever its colour, even when the landing square is free. Check every square of the path, not only where the jump starts and ends. This is also why a rat is worth keeping in the river: it closes crossings as well as threatening elephants."],
      ["Does a higher rank always take a lower one?", "No. The rat and the elephant are the exception, and water, land, traps and the legality of the move all have a say."],
    ]],
    misread: ["The common misreading", [
      ["“A higher rank always takes a lower rank.”", "Wrong: the rat beats the elephant on land, the elephant takes the rat only in the elephant's own traps, and every capture must also pass the terrain (water and land), the traps and the move itself."],
    ]],
    practice: ["Practice in three stages", [
      ["1. Understand the rules", "On a board, find both dens, your traps and the enemy's, and the water squares.", "What to check: explain why the same animal can do different things depending on the ground it stands on.", "rank-zero-in-trap"],
      ["2. Compare moves", "Set up a river jump with a free path, then the same jump with a rat in the water.", "What to check: change only the obstacle in the river and decide whether the jump is still legal.", "rat-blocks-jump"],
      ["3. Replay and check", "Follow an attack on the enemy den: the defending pieces and who controls the traps.", "What to check: show whether a den entry is really threatened, instead of comparing ranks.", "two-threats"],
    ], "Try it on the lesson board"],
    cta: ["You know the rules. Now play.", "Start with a small goal rather than with winning: notice one thing in each game that you can use in the next.", "Start a game"],
    sources: ["Sources and editorial note", [
      "The rules in force on this site are those of the project's RULES.md, and every move is judged by the project's rules engine. They describe this board version (wolf 4, dog 3; some editions swap these two ranks); other platforms and tournaments may differ.",
      "This guide keeps apart the basic rules, the points where versions differ, and advice on play. Its examples and lesson positions were made for teaching: they are not from tournament games and no engine proves them the best play. The page asks the rules engine for the verdict on each lesson move at run time, and the tests check each written answer against it.",
      "Written by the doushouqi project; no professional player has reviewed it yet. If you find a mistake, report it in the [project's issue tracker] with the game, the rule version, the position and the section concerned.",
    ]],
  },
  de: {
    intro: "Dou Shou Qi liest man doppelt: den Rang jedes Tiers und das Feld, auf dem es steht. Fallen ändern, wer geschlagen werden darf, und eine Ratte im Fluss kann Löwe oder Tiger den Sprung versperren. Wer nur Ränge vergleicht, rechnet mit Schlägen, die die Regeln nicht erlauben.",
    sections: [
      ["Das Brett und sein Gelände", [
        "Das Brett hat sieben Linien (a bis g) und neun Reihen (1 bis 9). Die rote Höhle ist d1 in der Mitte der roten Grundreihe, die blaue Höhle d9 gegenüber. Um jede Höhle liegen drei Fallen (c1, e1, d2 für Rot; c9, e9, d8 für Blau). Die beiden Flüsse in der Mitte sind Wasserflächen von zwei Linien Breite und drei Reihen Tiefe (b4–c6 und e4–f6).",
        "Du gewinnst, wenn eine deiner Figuren die gegnerische Höhle betritt; zugleich hältst du den Gegner von deiner fern. Die eigene Höhle ist für die eigenen Figuren gesperrt.",
        "Eine Figur in einer gegnerischen Falle zählt als Rang 0: Jede gegnerische Figur, die sie erreicht, darf sie schlagen. Sobald sie die Falle verlässt, hat sie ihren Rang wieder. Eigene Fallen schwächen nie.",
      ]],
      ["Ränge und Schlagen", [
        "Vom schwächsten zum stärksten: Ratte 1, Katze 2, Hund 3, Wolf 4, Leopard 5, Tiger 6, Löwe 7, Elefant 8. Eine Figur schlägt einen Gegner gleichen oder niedrigeren Rangs, sofern das Gelände es zulässt: Der Hund schlägt Katze oder Ratte, nie den Wolf.",
        "Ratte und Elefant drehen das um: An Land darf die Ratte den Elefanten schlagen, der Elefant die Ratte aber nicht, außer die Ratte steht in einer Falle der Elefantenseite (dort hat sie Rang 0 wie jede Figur in einer gegnerischen Falle).",
        "Ein gewöhnlicher Zug geht ein Feld nach oben, unten, links oder rechts, nie diagonal – auf ein leeres Feld oder auf einen Gegner, den Rang und Gelände zu schlagen erlauben. Zwei Figuren einer Seite stehen nie auf demselben Feld.",
      ]],
      ["Die Ratte zwischen Wasser und Land", [
        "Nur die Ratte geht ins Wasser. Kein anderes Tier darf auf einem Flussfeld stehen; Löwe und Tiger überqueren den Fluss nur mit einem erlaubten Sprung.",
        "Die Ratte schlägt den Elefanten nur, wenn beide an Land stehen. Eine Ratte im Wasser kann keine Figur am Ufer schlagen, und eine Figur an Land kann keine Ratte im Wasser schlagen. Zwei benachbarte Ratten im Fluss dürfen einander schlagen.",
      ]],
      ["Der Flusssprung von Löwe und Tiger", [
        "Ein Löwe oder Tiger direkt am Fluss darf ihn gerade überspringen, entlang einer Linie oder Reihe, bis zum ersten Feld des anderen Ufers.",
        "Jedes übersprungene Wasserfeld muss leer sein: Eine Ratte gleich welcher Farbe auf diesem Weg sperrt den Sprung. Das Landefeld darf leer sein oder einen Gegner tragen, den der Springer schlagen darf; die eigene Höhle ist es nie.",
        "Der Sprung ist ein ganzer Zug: Nach der Landung ist die andere Seite am Zug.",
      ]],
      ["Wie eine Partie endet", [
        "Wer die gegnerische Höhle betritt, gewinnt sofort. Wer am Zug ist und keinen legalen Zug hat, verliert (ebenso, wer keine Figur mehr hat); Festsitzen ist kein Remis.",
        "Diese Seite wertet eine Partie als remis, wenn 60 Halbzüge hintereinander ohne Schlag gespielt wurden, also 60 einzelne Züge beider Seiten. Figuren werden nie gezählt, und niemand darf passen.",
        "Online kannst du aufgeben oder Remis anbieten. Gegen die KI und an einem Gerät kannst du aufgeben oder neu beginnen.",
      ]],
      ["Einen Zug ausführen", [
        "Sieh nach, wer am Zug ist (die Statuszeile sagt es), und tippe eine Figur dieser Seite an. Das Brett zeigt sofort die leeren Felder, die sie erreicht (ein Punkt), und die Figuren, die sie schlagen darf (ein Ring). Tippe eines davon an, um zu ziehen.",
        "Ist nichts markiert, hat diese Figur in der Stellung keinen legalen Zug. Bis du ein Ziel wählst, darfst du eine andere eigene Figur antippen: Das Wählen kostet keinen Zug. Ein Tipp auf ein unerreichbares Feld sagt dir, warum.",
      ]],
      ["Verbotene Züge", [
        "Nicht erlaubt sind: ein diagonaler Schritt, ein gewöhnlicher Schritt über mehr als ein Feld, das Betreten der eigenen Höhle, das Ziehen einer gegnerischen Figur, jedes Tier außer der Ratte im Wasser, der Elefant, der eine Ratte außerhalb der eigenen Fallen schlägt, ein Schlag zwischen Wasser und Land, ein Flusssprung über eine Ratte und ein Schlag gegen Rang oder Gelände.",
      ]],
    ],
    diagram: ["Die Anfangsstellung", "Rot unten, Blau oben; Löwe und Tiger jeder Seite in den Ecken ihrer Grundreihe, die Höhlen in der Mitte der Ränder, die Flüsse zwischen den beiden Armeen."],
    qa: ["Fragen und Antworten", [
      ["Kann die Ratte den Elefanten schlagen?", "Ja, wenn beide an Land stehen. Der Elefant schlägt die Ratte nur, wenn sie in einer Falle seiner Seite steht, und eine Ratte im Fluss erreicht keinen Elefanten am Ufer."],
      ["Können Löwe und Tiger immer über den Fluss springen?", "Nein. Sie müssen direkt am Fluss stehen, und jedes Wasserfeld der geraden Strecke muss frei sein: Eine Ratte irgendwo darauf sperrt den Sprung."],
      ["Was geschieht in einer gegnerischen Falle?", "Der Rang sinkt auf 0, solange die Figur dort steht; jede gegnerische Figur darf sie schlagen, wenn der Zug sonst erlaubt ist. Beim Verlassen kehrt der Rang zurück. Eigene Fallen senken den Rang nicht."],
      ["Warum darf ich nicht in meine eigene Höhle?", "Sie ist das Ziel des Gegners, kein Feld für deine Figuren. Du darfst sie nicht besetzen, auch nicht, um den Eingang zu versperren."],
      ["Beginnt Rot immer?", "Ja, in jeder Spielart. Gegen die KI wählst du Rot oder Blau; mit Blau macht die KI den ersten Zug."],
      ["Kann eine Partie ohne Schläge ewig dauern?", "Hier nicht: 60 Halbzüge hintereinander ohne Schlag ergeben ein Remis. Online kannst du auch vorher Remis anbieten."],
      ["Kann ein Löwe über eine Ratte zu einem freien Ufer springen?", "Nein. Die Ratte sperrt den ganzen Weg, gleich welche Farbe sie hat, auch wenn das Landefeld frei ist. Prüfe jedes Feld der Strecke, nicht nur Start und Ziel. Darum lohnt es, eine Ratte im Fluss zu halten: Sie sperrt Übergänge und bedroht Elefanten."],
      ["Schlägt ein höherer Rang immer einen niedrigeren?", "Nein. Ratte und Elefant sind die Ausnahme, und Wasser, Land, Fallen und die Legalität des Zuges reden mit."],
    ]],
    misread: ["Das häufige Missverständnis", [
      ["„Ein höherer Rang schlägt immer einen niedrigeren.“", "Falsch: Die Ratte besiegt an Land den Elefanten, der Elefant schlägt die Ratte nur in den eigenen Fallen, und jeder Schlag muss zudem Gelände (Wasser und Land), Fallen und den Zug selbst bestehen."],
    ]],
    practice: ["Üben in drei Stufen", [
      ["1. Die Regeln verstehen", "Finde auf einem Brett beide Höhlen, deine und die gegnerischen Fallen und die Wasserfelder.", "Worauf du achtest: Erkläre, warum dasselbe Tier je nach Gelände andere Möglichkeiten hat.", "rank-zero-in-trap"],
      ["2. Züge vergleichen", "Baue einen Flusssprung mit freier Strecke auf, dann denselben Sprung mit einer Ratte im Wasser.", "Worauf du achtest: Ändere nur das Hindernis im Fluss und entscheide, ob der Sprung noch erlaubt ist.", "rat-blocks-jump"],
      ["3. Nachspielen und prüfen", "Verfolge einen Angriff auf die gegnerische Höhle: die verteidigenden Figuren und wer die Fallen beherrscht.", "Worauf du achtest: Zeige, ob ein Höhleneintritt wirklich droht, statt nur Ränge zu vergleichen.", "two-threats"],
    ], "Auf dem Lektionsbrett ausprobieren"],
    cta: ["Du kennst die Regeln. Jetzt spiel.", "Beginne mit einem kleinen Ziel statt mit dem Sieg: Nimm aus jeder Partie eine Sache mit, die dir in der nächsten hilft.", "Eine Partie beginnen"],
    sources: ["Quellen und redaktionelle Hinweise", [
      "Auf dieser Seite gelten die Regeln aus RULES.md des Projekts; jeden Zug beurteilt die Regel-Engine des Projekts. Sie beschreiben diese Brettversion (Wolf 4, Hund 3; manche Ausgaben tauschen diese beiden Ränge); andere Plattformen und Turniere können abweichen.",
      "Diese Anleitung trennt Grundregeln, Unterschiede zwischen Versionen und Hinweise zum Spiel. Ihre Beispiele und Lektionsstellungen sind für den Unterricht gebaut: Sie stammen nicht aus Turnierpartien, und keine Engine beweist sie als bestes Spiel. Die Seite fragt zur Laufzeit die Regel-Engine nach dem Urteil über jeden Lektionszug, und die Tests prüfen jede geschriebene Antwort daran.",
      "Geschrieben vom Projekt doushouqi; ein Profispieler hat sie noch nicht geprüft. Wenn du einen Fehler findest, melde ihn im [Issue-Tracker des Projekts] mit Spiel, Regelversion, Stellung und betroffenem Abschnitt.",
    ]],
  },
  es: {
    intro: "Dou Shou Qi se lee a la vez por dos lados: el rango de cada animal y el terreno que pisa. Las trampas cambian quién puede ser capturado, y una rata en el río puede impedir el salto de un león o de un tigre. Quien solo compara rangos acaba contando con capturas que las reglas no permiten.",
    sections: [
      ["El tablero y su terreno", [
        "El tablero tiene siete columnas (de la a a la g) y nueve filas (de la 1 a la 9). La guarida roja es d1, en el centro del borde rojo; la azul es d9, enfrente. Tres trampas rodean cada guarida (c1, e1 y d2 para las rojas; c9, e9 y d8 para las azules). Los dos ríos del centro son bloques de agua de dos columnas de ancho y tres filas de fondo (b4–c6 y e4–f6).",
        "Ganas cuando una de tus piezas entra en la guarida rival, mientras impides que el rival entre en la tuya. Tu propia guarida está cerrada para tus piezas.",
        "Una pieza que está en una trampa rival cuenta como rango 0: cualquier pieza rival que la alcance puede capturarla. Recupera su rango en cuanto sale. Tus propias trampas nunca debilitan a tus piezas.",
      ]],
      ["Rangos y capturas", [
        "Del más débil al más fuerte: rata 1, gato 2, perro 3, lobo 4, leopardo 5, tigre 6, león 7 y elefante 8. Una pieza captura a una rival de rango igual o menor, siempre que el terreno lo permita: el perro captura al gato o a la rata, nunca al lobo.",
        "La rata y el elefante dan la vuelta a esa regla: en tierra la rata puede capturar al elefante, y el elefante no puede capturar a la rata, salvo cuando la rata está en una trampa del bando del elefante (allí tiene rango 0, como toda pieza en una trampa rival).",
        "Un movimiento normal avanza una casilla hacia arriba, abajo, izquierda o derecha, nunca en diagonal, hasta una casilla vacía o capturando a una pieza rival que el rango y el terreno permitan. Dos piezas del mismo bando nunca comparten casilla.",
      ]],
      ["La rata entre el agua y la tierra", [
        "Solo la rata entra en el agua. Ningún otro animal puede estar en una casilla de río; el león y el tigre solo lo cruzan con un salto legal.",
        "La rata captura al elefante solo si ambos están en tierra. Una rata en el agua no puede capturar a una pieza de la orilla, y una pieza en tierra no puede capturar a una rata en el agua. Dos ratas vecinas dentro del río sí pueden capturarse.",
      ]],
      ["El salto del río del león y del tigre", [
        "Un león o un tigre junto al río puede saltarlo en línea recta, por una columna o una fila, hasta la primera casilla de la otra orilla.",
        "Todas las casillas de agua que sobrevuela deben estar vacías: una rata de cualquier color en ese recorrido impide el salto. La casilla de llegada puede estar vacía o tener una pieza rival que el saltador pueda capturar; nunca puede ser su propia guarida.",
        "El salto es una jugada completa: tras aterrizar, el turno pasa al rival.",
      ]],
      ["Cómo termina una partida", [
        "Entrar en la guarida rival gana al instante. Quien no tiene ninguna jugada legal cuando le toca pierde (también quien se queda sin piezas); quedarse bloqueado no es tablas.",
        "Este sitio declara tablas tras 60 medias jugadas seguidas sin captura, es decir, 60 movimientos sueltos de uno u otro bando. Nunca se cuentan piezas para decidir una partida, y nadie puede pasar el turno.",
        "En línea puedes rendirte u ofrecer tablas. Contra la IA y en un mismo dispositivo puedes rendirte o empezar otra partida.",
      ]],
      ["Cómo hacer una jugada", [
        "Mira a quién le toca (lo dice la línea de estado) y toca una pieza de ese bando. El tablero marca al instante las casillas vacías a las que puede ir (un punto) y las piezas que puede capturar (un anillo). Toca una de ellas para jugar.",
        "Si no se marca nada, esa pieza no tiene jugadas legales en esta posición. Hasta que elijas destino puedes tocar otra pieza tuya: elegir no gasta el turno. Si tocas una casilla a la que no puede ir, la página te dice por qué.",
      ]],
      ["Jugadas prohibidas", [
        "No se permite: un paso en diagonal, un paso normal de más de una casilla, entrar en tu propia guarida, mover una pieza rival, que un animal que no sea la rata entre en el agua, que el elefante capture a una rata que no está en una trampa de su bando, una captura entre agua y tierra, un salto del río por encima de una rata ni una captura que el rango o el terreno no permitan.",
      ]],
    ],
    diagram: ["La posición inicial", "Las rojas abajo y las azules arriba; el león y el tigre de cada bando en las esquinas de su última fila, las guaridas en el centro de los bordes y los ríos entre los dos ejércitos."],
    qa: ["Preguntas y respuestas", [
      ["¿Puede la rata capturar al elefante?", "Sí, cuando ambos están en tierra. El elefante solo captura a la rata cuando esta está en una trampa del bando del elefante, y una rata dentro del río no alcanza a un elefante de la orilla."],
      ["¿Pueden el león y el tigre saltar siempre el río?", "No. Deben estar justo al lado del río, y todas las casillas de agua del recorrido recto deben estar libres: una rata en cualquiera de ellas bloquea el salto."],
      ["¿Qué pasa al entrar en una trampa rival?", "Su rango baja a 0 mientras siga allí, así que cualquier pieza rival puede capturarla si la jugada es legal en lo demás. Al salir recupera su rango. Tus propias trampas no bajan el rango."],
      ["¿Por qué no puedo entrar en mi propia guarida?", "Es el objetivo del rival, no una casilla para tus piezas. No puedes ocuparla, ni siquiera para tapar la entrada."],
      ["¿Empiezan siempre las rojas?", "Sí, en todos los modos. Contra la IA eliges rojas o azules; con azules, la IA hace la primera jugada."],
      ["¿Puede una partida sin capturas durar para siempre?", "Aquí no: 60 medias jugadas seguidas sin captura dan tablas. En línea también puedes ofrecer tablas antes."],
      ["¿Puede un león saltar por encima de una rata hasta una orilla libre?", "No. La rata bloquea todo el recorrido, sea del color que sea, aunque la casilla de llegada esté libre. Revisa cada casilla del camino, no solo el origen y el destino. Por eso conviene tener una rata en el río: cierra cruces además de amenazar elefantes."],
      ["¿Un rango mayor captura siempre a uno menor?", "No. La rata y el elefante son la excepción, y el agua, la tierra, las trampas y la legalidad de la jugada también cuentan."],
    ]],
    misread: ["El error de lectura más común", [
      ["«Un rango mayor siempre captura a uno menor.»", "Falso: la rata vence al elefante en tierra, el elefante solo captura a la rata en las trampas de su bando, y toda captura debe respetar además el terreno (agua y tierra), las trampas y la propia jugada."],
    ]],
    practice: ["Práctica en tres etapas", [
      ["1. Entender las reglas", "En un tablero, localiza las dos guaridas, tus trampas y las del rival, y las casillas de agua.", "Qué comprobar: explica por qué un mismo animal puede hacer cosas distintas según el terreno que pisa.", "rank-zero-in-trap"],
      ["2. Comparar jugadas", "Prepara un salto del río con el recorrido libre y después el mismo salto con una rata en el agua.", "Qué comprobar: cambia solo el obstáculo del río y decide si el salto sigue siendo legal.", "rat-blocks-jump"],
      ["3. Repasar y comprobar", "Sigue un ataque a la guarida rival: las piezas que defienden y quién controla las trampas.", "Qué comprobar: demuestra si hay de verdad una amenaza de entrar en la guarida, en vez de comparar rangos.", "two-threats"],
    ], "Probarlo en el tablero de la lección"],
    cta: ["Ya conoces las reglas. Ahora, a jugar.", "Empieza con un objetivo pequeño en lugar de con ganar: llévate de cada partida una cosa que te sirva en la siguiente.", "Empezar una partida"],
    sources: ["Fuentes y nota editorial", [
      "En este sitio rigen las reglas del archivo RULES.md del proyecto, y el motor de reglas del proyecto juzga cada jugada. Describen esta versión del tablero (lobo 4, perro 3; algunas ediciones intercambian estos dos rangos); otras plataformas y torneos pueden diferir.",
      "Esta guía separa las reglas básicas, las diferencias entre versiones y los consejos de juego. Sus ejemplos y posiciones de lección se crearon para enseñar: no proceden de partidas de torneo y ningún motor demuestra que sean la mejor jugada. La página pregunta al motor de reglas, en el momento, su veredicto sobre cada jugada de lección, y las pruebas contrastan con él cada respuesta escrita.",
      "Redactado por el proyecto doushouqi; todavía no lo ha revisado un jugador profesional. Si encuentras un error, comunícalo en el [gestor de incidencias del proyecto] indicando el juego, la versión de las reglas, la posición y el apartado.",
    ]],
  },
};

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// diagram draws a position as a picture (not buttons): terrain and pieces,
// with one text alternative for the whole board.
export function diagram(position, label) {
  const b = el("div", undefined, "board diagram-board");
  b.setAttribute("role", "img");
  b.setAttribute("aria-label", label);
  const letters = boardOf(position);
  for (let row = 8; row >= 0; row--) {
    for (let col = 0; col < 7; col++) {
      const i = row * 7 + col, name = sqName(i);
      const terrain = terrainOf(name, "red"), owner = ownerOf(name);
      const sq = el("span", undefined, "sq t-" + terrain + (owner ? " o-" + owner : "") + (terrain === "land" ? ((col + row + 1) % 2 ? " l1" : " l2") : ""));
      if (col === 0) { const c = el("span", undefined, "coord rk"); c.dataset.t = String(row + 1); sq.append(c); }
      if (row === 0) { const c = el("span", undefined, "coord fl"); c.dataset.t = "abcdefg"[col]; sq.append(c); }
      const p = pieceOf(letters[i]);
      if (p) sq.append(token(p));
      b.append(sq);
    }
  }
  return b;
}

// ISSUES is the project's issue tracker, where the editorial note sends
// corrections.
export const ISSUES = "https://github.com/doushouqi/doushouqi/issues";

// linked is a note paragraph whose [bracketed words] link to the tracker.
function linked(text) {
  const p = el("p", undefined, "note");
  for (const [i, part] of text.split(/\[|\]/).entries()) {
    if (i % 2 === 0) { p.append(part); continue; }
    const a = el("a", part);
    a.href = ISSUES;
    a.rel = "noopener";
    p.append(a);
  }
  return p;
}

// renderGuide fills box with the guide in the page's language.
export function renderGuide(box) {
  const g = GUIDE[currentLanguage()] || GUIDE.en;
  const parts = [el("p", g.intro)];
  for (const [h, ps] of g.sections) {
    parts.push(el("h3", h));
    for (const p of ps) parts.push(el("p", p));
  }
  const fig = el("figure", undefined, "diagram");
  fig.append(diagram(START, g.diagram[0] + ": " + g.diagram[1]), el("figcaption", g.diagram[1], "note"));
  parts.push(el("h3", g.diagram[0]), fig);
  parts.push(el("h3", g.qa[0]));
  const dl = el("dl", undefined, "qa");
  for (const [q, a] of g.qa[1]) dl.append(el("dt", q), el("dd", a));
  parts.push(dl);
  parts.push(el("h3", g.misread[0]));
  for (const [wrong, right] of g.misread[1]) {
    const d = el("div", undefined, "misread");
    d.append(el("p", wrong, "wrong"), el("p", right));
    parts.push(d);
  }
  parts.push(el("h3", g.practice[0]));
  for (const [h, task, check, lesson] of g.practice[1]) {
    const s = el("section", undefined, "stage");
    const a = el("a", g.practice[2]);
    a.href = "/lessons#lesson-" + lesson;
    s.append(el("h4", h), el("p", task), el("p", check, "check"), a);
    parts.push(s);
  }
  parts.push(el("h3", g.cta[0]), el("p", g.cta[1]));
  const go = el("a", g.cta[2], "cta");
  go.href = "/";
  go.id = "guide-start";
  parts.push(go);
  parts.push(el("h3", g.sources[0]));
  for (const p of g.sources[1]) parts.push(linked(p));
  box.replaceChildren(...parts);
}

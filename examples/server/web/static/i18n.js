// Translations of everything the page says, in English, German and Spanish.
// The language comes from the browser, a choice kept in localStorage, or
// the ?lang= parameter; t(key, params) fills {name} placeholders.
"use strict";

const strings = {
  en: {
    "app.title": "Dou Shou Qi", "nav.play": "Play", "nav.lessons": "Lessons", "nav.stats": "Statistics",
    "nav.rules": "Ranks and rules", "nav.language": "Language", "learn": "Learn",
    "new.title": "New game", "new.ai": "Against the AI", "new.local": "Two players, one device", "new.online": "Online, with a link",
    "new.color": "Your side", "new.level": "AI strength", "new.start": "Start", "color.red": "Red", "color.blue": "Blue",
    "red": "red", "blue": "blue", "side.red": "Red", "side.blue": "Blue",
    "animal.rat": "rat", "animal.cat": "cat", "animal.dog": "dog", "animal.wolf": "wolf", "animal.leopard": "leopard",
    "animal.tiger": "tiger", "animal.lion": "lion", "animal.elephant": "elephant",
    "short.rat": "Rat", "short.cat": "Cat", "short.dog": "Dog", "short.wolf": "Wolf", "short.leopard": "Leop",
    "short.tiger": "Tigr", "short.lion": "Lion", "short.elephant": "Elep",
    "sq.empty": "{sq}, empty", "sq.piece": "{color} {animal}, {sq}",
    "terrain.water": "water", "terrain.own-den": "your den", "terrain.enemy-den": "enemy den",
    "terrain.own-trap": "your trap", "terrain.enemy-trap": "enemy trap", "terrain.red-den": "red den", "terrain.blue-den": "blue den",
    "terrain.red-trap": "red trap", "terrain.blue-trap": "blue trap",
    "tl.water": "water", "tl.own-den": "your den", "tl.enemy-den": "enemy den", "tl.own-trap": "your trap", "tl.enemy-trap": "enemy trap",
    "mark.target": "can move here", "mark.capture": "can capture here", "mark.last": "last move", "mark.selected": "selected",
    "mark.refused": "refused", "mark.attacker": "attacks the selected piece", "mark.threat": "threatens to enter the den",
    "status.none": "Choose a game below and press Start.", "status.toMove": "{color} to move", "status.yourMove": "Your move ({color})", "status.waiting": "Waiting for {color}",
    "status.thinking": "The AI is thinking…", "status.watch": "You are watching this game",
    "status.waitJoin": "Waiting for an opponent: send the link below",
    "result.win": "You win: {reason}", "result.lose": "You lose: {reason}", "result.draw": "Draw: {reason}",
    "result.side": "{color} wins: {reason}",
    "reason.den entered": "den entered", "reason.no legal move": "no legal move left", "reason.move limit": "60 half-moves without a capture",
    "reason.repetition": "the same position three times", "reason.resigned": "resignation", "reason.draw agreed": "draw agreed",
    "btn.undo": "Undo", "btn.restart": "Restart", "btn.resign": "Resign", "btn.offer": "Offer a draw", "btn.accept": "Accept the draw",
    "btn.decline": "Decline", "btn.join": "Join as Blue", "btn.copy": "Copy link", "btn.newGame": "New game", "btn.close": "Close",
    "share.label": "Link to this game (send it to your opponent)", "share.copied": "Link copied",
    "draw.offered": "{color} offers a draw", "draw.youOffered": "You offered a draw",
    "moves.title": "Moves", "moves.none": "No moves yet",
    "announce.move": "{color} {animal} {from} to {to}", "announce.capture": "{color} {animal} {from} takes {to}",
    "confirm.resign": "Resign this game?",
    "err.network": "Cannot reach the server. Check the connection and try again.",
    "err.conflict": "The game changed in the meantime; the board is up to date again.",
    "err.no-seat": "This browser holds no seat in this game, so it can only watch.",
    "err.not-your-seat": "That is not your side.",
    "err.not-found": "This game does not exist (any more). Start a new one.",
    "err.rate-limited": "Too many requests. Wait a moment and try again.",
    "err.busy": "The server is busy. Try again in a moment.",
    "err.cross-origin": "The request was refused for safety. Reload the page.",
    "err.bad-request": "The server did not understand the request. Reload the page.",
    "err.too-large": "The request was too large.", "err.unsupported-media-type": "The server did not understand the request. Reload the page.",
    "err.method-not-allowed": "The server did not understand the request. Reload the page.",
    "err.server": "The server had a problem ({status}). Try again.",
    "err.refused": "Not allowed: {reason}",
    "code.game-over": "the game is over", "code.empty-square": "there is no piece there",
    "code.not-your-piece": "that piece is not yours to move", "code.not-a-step": "pieces move one square up, down, left or right (lion and tiger may jump the river)",
    "code.own-den": "no piece may enter its own den", "code.water": "only the rat may enter the water",
    "code.jump-blocked": "a rat in the water blocks the jump", "code.own-piece": "your own piece stands there",
    "code.water-land-capture": "no capture between water and land", "code.trapped-attacker": "a piece in an enemy trap cannot capture",
    "code.elephant-rat": "the elephant may not take the rat", "code.rank-too-low": "its rank is too low to capture that piece", "code.not-a-jumper": "only the lion and the tiger jump the river",
    "code.illegal-move": "that move is not allowed",
    "learn.title": "Learn", "learn.hint": "Select any piece to see its moves, what refuses the others, its river jumps and who attacks it.",
    "learn.piece": "{color} {animal} on {sq}", "learn.targets": "Can go to: {list}", "learn.noTargets": "It has no legal move now.",
    "learn.refused": "Cannot go to:", "learn.jump": "River jump {dir} over {path} to {landing}: {state}", "learn.jumpOpen": "open",
    "learn.jumpBlocked": "blocked by the rat on {sq}", "learn.attackers": "Attacked by: {list}", "learn.noAttackers": "No enemy piece can take it now.",
    "learn.traps": "Trap control", "learn.trap": "{owner} trap {sq}: {list}", "learn.trapNone": "nobody guards it",
    "learn.trapEntry": "a {animal} stepping in is taken by {list}", "learn.trapIn": "the {animal} in it can be taken by {list}",
    "learn.threats": "Den threats", "learn.threat": "{color} threatens to enter the den: {list}", "learn.noThreats": "No side can enter a den next move.",
    "learn.defences": "{color} meets every threat with: {list}", "learn.noDefence": "{color} cannot meet every threat.",
    "learn.legend.water": "water", "learn.legend.ownDen": "your den", "learn.legend.enemyDen": "enemy den",
    "learn.legend.ownTrap": "your trap", "learn.legend.enemyTrap": "enemy trap", "learn.legend.refused": "refused (tap for the reason)",
    "dir.up": "up", "dir.down": "down", "dir.left": "left", "dir.right": "right",
    "lessons.title": "Position analyses", "lessons.intro": "Each position asks one question. Think first, then reveal the answer and its reason. Every answer is checked against the rules engine.",
    "lessons.reveal": "Show answer and reason", "lessons.hide": "Hide answer", "lessons.engine": "Rules engine: {text}",
    "lessons.engineLegal": "{move} is legal", "lessons.engineRefused": "{move} is refused: {reason}",
    "lessons.engineDefences": "moves that meet every threat: {list}", "lessons.none": "none",
    "lessons.disclaimer": "Teaching positions, built for the lesson: not from tournament games.",
    "stats.title": "Statistics", "stats.overall": "All games", "stats.ai": "Against the AI", "stats.local": "One device", "stats.online": "Online",
    "stats.games": "Games played", "stats.redWins": "Red wins", "stats.blueWins": "Blue wins", "stats.draws": "Draws",
    "stats.average": "Average half-moves per game", "stats.max": "max", "stats.min": "min",
    "stats.first": "First player wins", "stats.second": "Second player wins", "stats.byReason": "How games ended", "stats.noGames": "No finished games yet.",
    "rules.ranks": "Ranks, lowest to highest", "rules.title": "Short rules",
    "rules.1": "Red moves first. Pieces step one square up, down, left or right, never diagonally.",
    "rules.2": "A piece captures an enemy of equal or lower rank. On land the rat takes the elephant; the elephant never takes the rat.",
    "rules.3": "Only the rat enters the water. No capture between water and land; two rats in the water may take each other.",
    "rules.4": "The lion and the tiger jump straight across a river; a rat on the path blocks the jump.",
    "rules.5": "In an enemy trap a piece has rank 0: any enemy takes it, and it cannot capture. Your own traps do not weaken you.",
    "rules.6": "Enter the enemy den to win. You may not enter your own den. A side with no legal move loses.",
    "rules.7": "60 half-moves without a capture: draw.",
    "loading": "Loading…", "board.label": "Board, {color} at the bottom",
  },
  de: {
    "app.title": "Dou Shou Qi", "nav.play": "Spielen", "nav.lessons": "Lektionen", "nav.stats": "Statistik",
    "nav.rules": "Ränge und Regeln", "nav.language": "Sprache", "learn": "Lernen",
    "new.title": "Neue Partie", "new.ai": "Gegen die KI", "new.local": "Zwei Spieler, ein Gerät", "new.online": "Online, mit Link",
    "new.color": "Deine Seite", "new.level": "Stärke der KI", "new.start": "Starten", "color.red": "Rot", "color.blue": "Blau",
    "red": "rot", "blue": "blau", "side.red": "Rot", "side.blue": "Blau",
    "animal.rat": "Ratte", "animal.cat": "Katze", "animal.dog": "Hund", "animal.wolf": "Wolf", "animal.leopard": "Leopard",
    "animal.tiger": "Tiger", "animal.lion": "Löwe", "animal.elephant": "Elefant",
    "short.rat": "Ratt", "short.cat": "Katz", "short.dog": "Hund", "short.wolf": "Wolf", "short.leopard": "Leop",
    "short.tiger": "Tigr", "short.lion": "Löwe", "short.elephant": "Elef",
    "sq.empty": "{sq}, leer", "sq.piece": "{animal} ({color}), {sq}",
    "terrain.water": "Wasser", "terrain.own-den": "deine Höhle", "terrain.enemy-den": "gegnerische Höhle",
    "terrain.own-trap": "deine Falle", "terrain.enemy-trap": "gegnerische Falle", "terrain.red-den": "rote Höhle", "terrain.blue-den": "blaue Höhle",
    "terrain.red-trap": "rote Falle", "terrain.blue-trap": "blaue Falle",
    "tl.water": "Wasser", "tl.own-den": "eig. Höhle", "tl.enemy-den": "Gegn. Höhle", "tl.own-trap": "eig. Falle", "tl.enemy-trap": "Gegn. Falle",
    "mark.target": "Zielfeld", "mark.capture": "hier schlagen", "mark.last": "letzter Zug", "mark.selected": "gewählt", "mark.refused": "verboten", "mark.attacker": "greift die gewählte Figur an", "mark.threat": "droht in die Höhle zu ziehen",
    "status.none": "Wähle unten eine Partie und drücke Starten.", "status.toMove": "{color} am Zug", "status.yourMove": "Du bist am Zug ({color})", "status.waiting": "Warte auf {color}",
    "status.thinking": "Die KI denkt nach…", "status.watch": "Du schaust dieser Partie zu",
    "status.waitJoin": "Warte auf einen Gegner: Schicke den Link unten",
    "result.win": "Du gewinnst: {reason}", "result.lose": "Du verlierst: {reason}", "result.draw": "Remis: {reason}",
    "result.side": "{color} gewinnt: {reason}",
    "reason.den entered": "Höhle betreten", "reason.no legal move": "kein legaler Zug mehr", "reason.move limit": "60 Halbzüge ohne Schlag",
    "reason.repetition": "dreimal dieselbe Stellung", "reason.resigned": "Aufgabe", "reason.draw agreed": "Remis vereinbart",
    "btn.undo": "Zurücknehmen", "btn.restart": "Neu starten", "btn.resign": "Aufgeben", "btn.offer": "Remis anbieten", "btn.accept": "Remis annehmen",
    "btn.decline": "Ablehnen", "btn.join": "Als Blau beitreten", "btn.copy": "Link kopieren", "btn.newGame": "Neue Partie", "btn.close": "Schließen",
    "share.label": "Link zu dieser Partie (schicke ihn deinem Gegner)", "share.copied": "Link kopiert",
    "draw.offered": "{color} bietet Remis an", "draw.youOffered": "Du hast Remis angeboten",
    "moves.title": "Züge", "moves.none": "Noch keine Züge",
    "announce.move": "{animal} ({color}) {from} nach {to}", "announce.capture": "{animal} ({color}) {from} schlägt auf {to}",
    "confirm.resign": "Diese Partie aufgeben?",
    "err.network": "Der Server ist nicht erreichbar. Prüfe die Verbindung und versuche es erneut.",
    "err.conflict": "Die Partie hat sich inzwischen geändert; das Brett ist wieder aktuell.",
    "err.no-seat": "Dieser Browser hat in dieser Partie keinen Platz und kann nur zuschauen.",
    "err.not-your-seat": "Das ist nicht deine Seite.",
    "err.not-found": "Diese Partie gibt es nicht (mehr). Beginne eine neue.",
    "err.rate-limited": "Zu viele Anfragen. Warte kurz und versuche es erneut.",
    "err.busy": "Der Server ist ausgelastet. Versuche es gleich noch einmal.",
    "err.cross-origin": "Die Anfrage wurde aus Sicherheitsgründen abgelehnt. Lade die Seite neu.",
    "err.bad-request": "Der Server hat die Anfrage nicht verstanden. Lade die Seite neu.",
    "err.too-large": "Die Anfrage war zu groß.", "err.unsupported-media-type": "Der Server hat die Anfrage nicht verstanden. Lade die Seite neu.",
    "err.method-not-allowed": "Der Server hat die Anfrage nicht verstanden. Lade die Seite neu.",
    "err.server": "Der Server hatte ein Problem ({status}). Versuche es erneut.",
    "err.refused": "Nicht erlaubt: {reason}",
    "code.game-over": "die Partie ist beendet", "code.empty-square": "dort steht keine Figur",
    "code.not-your-piece": "diese Figur darfst du nicht ziehen", "code.not-a-step": "Figuren ziehen ein Feld waagerecht oder senkrecht (Löwe und Tiger springen über den Fluss)",
    "code.own-den": "die eigene Höhle ist verboten", "code.water": "nur die Ratte darf ins Wasser",
    "code.jump-blocked": "eine Ratte im Wasser sperrt den Sprung", "code.own-piece": "dort steht eine eigene Figur",
    "code.water-land-capture": "kein Schlagen zwischen Wasser und Land", "code.trapped-attacker": "eine Figur in einer gegnerischen Falle kann nicht schlagen",
    "code.elephant-rat": "der Elefant darf die Ratte nicht schlagen", "code.rank-too-low": "ihr Rang ist zu niedrig, um diese Figur zu schlagen", "code.not-a-jumper": "nur Löwe und Tiger springen über den Fluss",
    "code.illegal-move": "dieser Zug ist nicht erlaubt",
    "learn.title": "Lernen", "learn.hint": "Wähle eine beliebige Figur: Du siehst ihre Züge, warum andere verboten sind, ihre Flusssprünge und wer sie angreift.",
    "learn.piece": "{animal} ({color}) auf {sq}", "learn.targets": "Kann ziehen nach: {list}", "learn.noTargets": "Sie hat jetzt keinen legalen Zug.",
    "learn.refused": "Kann nicht nach:", "learn.jump": "Flusssprung nach {dir} über {path} nach {landing}: {state}", "learn.jumpOpen": "frei",
    "learn.jumpBlocked": "gesperrt durch die Ratte auf {sq}", "learn.attackers": "Angegriffen von: {list}", "learn.noAttackers": "Keine gegnerische Figur kann sie jetzt schlagen.",
    "learn.traps": "Kontrolle der Fallen", "learn.trap": "{owner} Falle {sq}: {list}", "learn.trapNone": "niemand bewacht sie",
    "learn.trapEntry": "ein eintretendes Tier ({animal}) wird geschlagen von {list}", "learn.trapIn": "das Tier darin ({animal}) kann geschlagen werden von {list}",
    "learn.threats": "Höhlendrohungen", "learn.threat": "{color} droht in die Höhle zu ziehen: {list}", "learn.noThreats": "Keine Seite kann im nächsten Zug eine Höhle betreten.",
    "learn.defences": "{color} pariert alle Drohungen mit: {list}", "learn.noDefence": "{color} kann nicht alle Drohungen parieren.",
    "learn.legend.water": "Wasser", "learn.legend.ownDen": "deine Höhle", "learn.legend.enemyDen": "gegnerische Höhle",
    "learn.legend.ownTrap": "deine Falle", "learn.legend.enemyTrap": "gegnerische Falle", "learn.legend.refused": "verboten (tippen für den Grund)",
    "dir.up": "oben", "dir.down": "unten", "dir.left": "links", "dir.right": "rechts",
    "lessons.title": "Stellungsanalysen", "lessons.intro": "Jede Stellung stellt eine Frage. Denke zuerst nach, dann zeige Antwort und Begründung. Jede Antwort wird von der Regel-Engine geprüft.",
    "lessons.reveal": "Antwort und Begründung anzeigen", "lessons.hide": "Antwort verbergen", "lessons.engine": "Regel-Engine: {text}",
    "lessons.engineLegal": "{move} ist legal", "lessons.engineRefused": "{move} ist verboten: {reason}",
    "lessons.engineDefences": "Züge, die alle Drohungen parieren: {list}", "lessons.none": "keine",
    "lessons.disclaimer": "Lehrstellungen, für die Lektion gebaut: keine Turnierpartien.",
    "stats.title": "Statistik", "stats.overall": "Alle Partien", "stats.ai": "Gegen die KI", "stats.local": "Ein Gerät", "stats.online": "Online",
    "stats.games": "Gespielte Partien", "stats.redWins": "Siege Rot", "stats.blueWins": "Siege Blau", "stats.draws": "Remis",
    "stats.average": "Halbzüge pro Partie im Schnitt", "stats.max": "max", "stats.min": "min",
    "stats.first": "Siege des ersten Spielers", "stats.second": "Siege des zweiten Spielers", "stats.byReason": "Wie die Partien endeten", "stats.noGames": "Noch keine beendeten Partien.",
    "rules.ranks": "Ränge, vom niedrigsten zum höchsten", "rules.title": "Kurzregeln",
    "rules.1": "Rot beginnt. Figuren ziehen ein Feld nach oben, unten, links oder rechts, nie diagonal.",
    "rules.2": "Eine Figur schlägt einen Gegner gleichen oder niedrigeren Rangs. An Land schlägt die Ratte den Elefanten; der Elefant schlägt die Ratte nie.",
    "rules.3": "Nur die Ratte betritt das Wasser. Kein Schlagen zwischen Wasser und Land; zwei Ratten im Wasser schlagen einander.",
    "rules.4": "Löwe und Tiger springen gerade über einen Fluss; eine Ratte auf der Strecke sperrt den Sprung.",
    "rules.5": "In einer gegnerischen Falle hat eine Figur Rang null: Jeder Gegner schlägt sie, und sie kann nicht schlagen. Eigene Fallen schwächen nicht.",
    "rules.6": "Wer die gegnerische Höhle betritt, gewinnt. Die eigene Höhle ist verboten. Wer keinen legalen Zug hat, verliert.",
    "rules.7": "60 Halbzüge ohne Schlag: remis.",
    "loading": "Lädt…", "board.label": "Brett, {color} unten",
  },
  es: {
    "app.title": "Dou Shou Qi", "nav.play": "Jugar", "nav.lessons": "Lecciones", "nav.stats": "Estadísticas",
    "nav.rules": "Rangos y reglas", "nav.language": "Idioma", "learn": "Aprender",
    "new.title": "Partida nueva", "new.ai": "Contra la IA", "new.local": "Dos jugadores, un dispositivo", "new.online": "En línea, con un enlace",
    "new.color": "Tu bando", "new.level": "Fuerza de la IA", "new.start": "Empezar", "color.red": "Rojas", "color.blue": "Azules",
    "red": "rojo", "blue": "azul", "side.red": "rojas", "side.blue": "azules",
    "animal.rat": "rata", "animal.cat": "gato", "animal.dog": "perro", "animal.wolf": "lobo", "animal.leopard": "leopardo",
    "animal.tiger": "tigre", "animal.lion": "león", "animal.elephant": "elefante",
    "short.rat": "Rata", "short.cat": "Gato", "short.dog": "Perr", "short.wolf": "Lobo", "short.leopard": "Leop",
    "short.tiger": "Tigr", "short.lion": "León", "short.elephant": "Elef",
    "sq.empty": "{sq}, vacía", "sq.piece": "{animal} {color}, {sq}",
    "terrain.water": "agua", "terrain.own-den": "tu guarida", "terrain.enemy-den": "guarida rival",
    "terrain.own-trap": "tu trampa", "terrain.enemy-trap": "trampa rival", "terrain.red-den": "guarida roja", "terrain.blue-den": "guarida azul",
    "terrain.red-trap": "trampa roja", "terrain.blue-trap": "trampa azul",
    "tl.water": "agua", "tl.own-den": "tu guarida", "tl.enemy-den": "guarida rival", "tl.own-trap": "tu trampa", "tl.enemy-trap": "trampa rival",
    "mark.target": "destino posible", "mark.capture": "captura posible", "mark.last": "última jugada", "mark.selected": "seleccionada", "mark.refused": "prohibida", "mark.attacker": "ataca a la pieza seleccionada", "mark.threat": "amenaza con entrar en la guarida",
    "status.none": "Elige una partida abajo y pulsa Empezar.", "status.toMove": "Juegan las {color}", "status.yourMove": "Te toca ({color})", "status.waiting": "Esperando a las {color}",
    "status.thinking": "La IA está pensando…", "status.watch": "Estás viendo esta partida",
    "status.waitJoin": "Esperando a un rival: envía el enlace de abajo",
    "result.win": "Ganas: {reason}", "result.lose": "Pierdes: {reason}", "result.draw": "Tablas: {reason}",
    "result.side": "Ganan las {color}: {reason}",
    "reason.den entered": "entrada en la guarida", "reason.no legal move": "sin jugadas legales", "reason.move limit": "60 medios movimientos sin captura",
    "reason.repetition": "tres veces la misma posición", "reason.resigned": "abandono", "reason.draw agreed": "tablas acordadas",
    "btn.undo": "Deshacer", "btn.restart": "Reiniciar", "btn.resign": "Rendirse", "btn.offer": "Proponer tablas", "btn.accept": "Aceptar tablas",
    "btn.decline": "Rechazar", "btn.join": "Unirse con azules", "btn.copy": "Copiar enlace", "btn.newGame": "Partida nueva", "btn.close": "Cerrar",
    "share.label": "Enlace a esta partida (envíalo a tu rival)", "share.copied": "Enlace copiado",
    "draw.offered": "Las {color} proponen tablas", "draw.youOffered": "Has propuesto tablas",
    "moves.title": "Jugadas", "moves.none": "Aún no hay jugadas",
    "announce.move": "{animal} {color} de {from} a {to}", "announce.capture": "{animal} {color} de {from} captura en {to}",
    "confirm.resign": "¿Rendirse en esta partida?",
    "err.network": "No se puede conectar con el servidor. Comprueba la conexión y vuelve a intentarlo.",
    "err.conflict": "La partida ha cambiado mientras tanto; el tablero vuelve a estar al día.",
    "err.no-seat": "Este navegador no tiene puesto en esta partida; solo puede mirar.",
    "err.not-your-seat": "Ese no es tu bando.",
    "err.not-found": "Esta partida no existe (ya). Empieza una nueva.",
    "err.rate-limited": "Demasiadas peticiones. Espera un momento y vuelve a intentarlo.",
    "err.busy": "El servidor está ocupado. Inténtalo de nuevo en un momento.",
    "err.cross-origin": "La petición se rechazó por seguridad. Recarga la página.",
    "err.bad-request": "El servidor no entendió la petición. Recarga la página.",
    "err.too-large": "La petición era demasiado grande.", "err.unsupported-media-type": "El servidor no entendió la petición. Recarga la página.",
    "err.method-not-allowed": "El servidor no entendió la petición. Recarga la página.",
    "err.server": "El servidor tuvo un problema ({status}). Vuelve a intentarlo.",
    "err.refused": "No permitido: {reason}",
    "code.game-over": "la partida ha terminado", "code.empty-square": "no hay ninguna pieza ahí",
    "code.not-your-piece": "esa pieza no es tuya", "code.not-a-step": "las piezas se mueven una casilla en horizontal o vertical (león y tigre saltan el río)",
    "code.own-den": "ninguna pieza puede entrar en su propia guarida", "code.water": "solo la rata puede entrar en el agua",
    "code.jump-blocked": "una rata en el agua bloquea el salto", "code.own-piece": "ahí hay una pieza propia",
    "code.water-land-capture": "no se captura entre agua y tierra", "code.trapped-attacker": "una pieza en una trampa rival no puede capturar",
    "code.elephant-rat": "el elefante no puede capturar a la rata", "code.rank-too-low": "su rango es demasiado bajo para capturar esa pieza", "code.not-a-jumper": "solo el león y el tigre saltan el río",
    "code.illegal-move": "esa jugada no está permitida",
    "learn.title": "Aprender", "learn.hint": "Selecciona cualquier pieza: verás sus jugadas, por qué se prohíben las demás, sus saltos del río y quién la ataca.",
    "learn.piece": "{animal} {color} en {sq}", "learn.targets": "Puede ir a: {list}", "learn.noTargets": "Ahora no tiene jugadas legales.",
    "learn.refused": "No puede ir a:", "learn.jump": "Salto del río hacia {dir} por {path} hasta {landing}: {state}", "learn.jumpOpen": "libre",
    "learn.jumpBlocked": "bloqueado por la rata de {sq}", "learn.attackers": "Atacada por: {list}", "learn.noAttackers": "Ninguna pieza rival puede capturarla ahora.",
    "learn.traps": "Control de las trampas", "learn.trap": "Trampa {owner} {sq}: {list}", "learn.trapNone": "nadie la vigila",
    "learn.trapEntry": "si entra un {animal}, lo captura {list}", "learn.trapIn": "el {animal} que está dentro puede ser capturado por {list}",
    "learn.threats": "Amenazas a la guarida", "learn.threat": "Las {color} amenazan con entrar en la guarida: {list}", "learn.noThreats": "Ningún bando puede entrar en una guarida en la próxima jugada.",
    "learn.defences": "Las {color} paran todas las amenazas con: {list}", "learn.noDefence": "Las {color} no pueden parar todas las amenazas.",
    "learn.legend.water": "agua", "learn.legend.ownDen": "tu guarida", "learn.legend.enemyDen": "guarida rival",
    "learn.legend.ownTrap": "tu trampa", "learn.legend.enemyTrap": "trampa rival", "learn.legend.refused": "prohibida (toca para ver el motivo)",
    "dir.up": "arriba", "dir.down": "abajo", "dir.left": "la izquierda", "dir.right": "la derecha",
    "lessons.title": "Análisis de posiciones", "lessons.intro": "Cada posición plantea una pregunta. Piensa primero y luego muestra la respuesta y el razonamiento. El motor de reglas comprueba cada respuesta.",
    "lessons.reveal": "Ver la respuesta y el razonamiento", "lessons.hide": "Ocultar la respuesta", "lessons.engine": "Motor de reglas: {text}",
    "lessons.engineLegal": "{move} es legal", "lessons.engineRefused": "{move} está prohibida: {reason}",
    "lessons.engineDefences": "jugadas que paran todas las amenazas: {list}", "lessons.none": "ninguna",
    "lessons.disclaimer": "Posiciones didácticas creadas para la lección: no proceden de partidas de torneo.",
    "stats.title": "Estadísticas", "stats.overall": "Todas las partidas", "stats.ai": "Contra la IA", "stats.local": "Un dispositivo", "stats.online": "En línea",
    "stats.games": "Partidas jugadas", "stats.redWins": "Victorias rojas", "stats.blueWins": "Victorias azules", "stats.draws": "Tablas",
    "stats.average": "Medios movimientos por partida en promedio", "stats.max": "máx", "stats.min": "mín",
    "stats.first": "Victorias del primer jugador", "stats.second": "Victorias del segundo jugador", "stats.byReason": "Cómo terminaron", "stats.noGames": "Aún no hay partidas terminadas.",
    "rules.ranks": "Rangos, de menor a mayor", "rules.title": "Reglas breves",
    "rules.1": "Empiezan las rojas. Las piezas se mueven una casilla arriba, abajo, a izquierda o derecha, nunca en diagonal.",
    "rules.2": "Una pieza captura a una rival de rango igual o inferior. En tierra la rata captura al elefante; el elefante nunca captura a la rata.",
    "rules.3": "Solo la rata entra en el agua. No se captura entre agua y tierra; dos ratas en el agua pueden capturarse.",
    "rules.4": "El león y el tigre saltan el río en línea recta; una rata en la ruta bloquea el salto.",
    "rules.5": "En una trampa rival una pieza tiene rango cero: cualquier rival la captura y ella no puede capturar. Tus trampas no te debilitan.",
    "rules.6": "Entra en la guarida rival para ganar. No puedes entrar en la tuya. Quien no tiene jugadas legales pierde.",
    "rules.7": "60 medios movimientos sin captura: tablas.",
    "loading": "Cargando…", "board.label": "Tablero, {color} abajo",
  },
};

export const languages = {en: "English", de: "Deutsch", es: "Español"};

let lang = pickLanguage();

// pickLanguage chooses ?lang=, then the saved choice, then the browser's.
function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && strings[asked]) return asked;
  try {
    const saved = localStorage.getItem("dsq.lang");
    if (saved && strings[saved]) return saved;
  } catch (e) { /* storage may be off */ }
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (strings[base]) return base;
  }
  return "en";
}

export function currentLanguage() { return lang; }

export function setLanguage(l) {
  if (!strings[l]) return;
  lang = l;
  try { localStorage.setItem("dsq.lang", l); } catch (e) { /* ignore */ }
  document.documentElement.lang = l;
}

// t translates key, filling {name} from params; unknown keys fall back to
// English, then to the key itself.
export function t(key, params) {
  let s = strings[lang][key];
  if (s === undefined) s = strings.en[key];
  if (s === undefined) s = key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, name) => (params[name] !== undefined ? params[name] : m));
  return s;
}

// has reports whether key has a translation.
export function has(key) { return strings.en[key] !== undefined; }

// translateDom fills every element with data-i18n (text) or
// data-i18n-label (aria-label) in the current language.
export function translateDom(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  document.title = t("app.title");
}

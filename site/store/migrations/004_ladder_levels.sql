-- The AI's levels became the search's ladder of 8 (search.Levels). The old
-- levels 1..5 were plain searches to depths 1..5, which never choose a
-- worse move on purpose; the ladder's levels below the top do (a spread of
-- choices, oversights), so an old level n is stored as the ladder's n+1
-- (old 5 as level 6). Not measured by games: a best guess by node budgets.
UPDATE games SET level = level + 1 WHERE mode = 'ai' AND level BETWEEN 1 AND 5;

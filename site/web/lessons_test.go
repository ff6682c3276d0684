package web_test

import (
	"encoding/json"
	"io/fs"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lesson is one entry of static/lessons.json as the page reads it.
type lesson struct {
	ID       string   `json:"id"`
	Position string   `json:"position"`
	Marks    []string `json:"marks"`
	Check    struct {
		Kind     string   `json:"kind"`     // move, defences or outcome
		Move     string   `json:"move"`     // kind move: the move asked about
		Code     string   `json:"code"`     // kind move: "" if legal, else the rule's code
		Side     string   `json:"side"`     // kind defences: the threatening side
		Threats  []string `json:"threats"`  // kind defences: its den entries
		Defences []string `json:"defences"` // kind defences: the side to move's answers
		Moves    []string `json:"moves"`    // kind outcome: moves played from the position
		Outcome  string   `json:"outcome"`  // kind outcome: the result after them
	} `json:"check"`
	Text map[string]struct {
		Title, Question, Answer, Reason string
	} `json:"text"`
}

func loadLessons(t *testing.T) []lesson {
	t.Helper()
	data, err := fs.ReadFile(web.Static, "lessons.json")
	require.NoError(t, err)
	var ls []lesson
	require.NoError(t, json.Unmarshal(data, &ls))
	return ls
}

// TestLessonsAgreeWithTheLibrary holds every lesson's answer to the engine:
// a lesson is wrong if the library disagrees.
func TestLessonsAgreeWithTheLibrary(t *testing.T) {
	ls := loadLessons(t)
	require.GreaterOrEqual(t, len(ls), 8)
	kinds := map[string]int{}
	seen := map[string]bool{}
	for _, l := range ls {
		t.Run(l.ID, func(t *testing.T) {
			require.False(t, seen[l.ID], "duplicate id")
			seen[l.ID] = true
			pos, err := dsq.ParsePosition(l.Position)
			require.NoError(t, err)
			require.False(t, pos.Outcome().IsDecided(), "a lesson starts in an undecided position")
			for _, m := range l.Marks {
				_, err := dsq.ParseSquare(m)
				assert.NoError(t, err, "mark %q", m)
			}
			kinds[l.Check.Kind]++
			switch l.Check.Kind {
			case "move":
				m, err := dsq.ParseMove(l.Check.Move)
				require.NoError(t, err)
				err = pos.CheckMove(m)
				if l.Check.Code == "" {
					assert.NoError(t, err, "%s in %s", m, l.Position)
				} else {
					require.Error(t, err, "%s in %s should be refused", m, l.Position)
					assert.Equal(t, l.Check.Code, teach.Code(err), "%s in %s: %v", m, l.Position, err)
				}
			case "defences":
				side := dsq.Red
				if l.Check.Side == "blue" {
					side = dsq.Blue
				}
				require.Equal(t, side.Other(), pos.SideToMove(), "the threatened side is to move")
				assert.ElementsMatch(t, l.Check.Threats, moveNames(pos.DenThreats(side)))
				assert.ElementsMatch(t, l.Check.Defences, moveNames(pos.DenDefences()))
			case "outcome":
				for _, s := range l.Check.Moves {
					m, err := dsq.ParseMove(s)
					require.NoError(t, err)
					require.NoError(t, pos.Play(m))
				}
				assert.Equal(t, l.Check.Outcome, pos.Outcome().String())
			default:
				t.Fatalf("unknown check kind %q", l.Check.Kind)
			}
			for _, lang := range []string{"en", "de", "es"} {
				tx, ok := l.Text[lang]
				require.True(t, ok, "text in %s", lang)
				for name, s := range map[string]string{"title": tx.Title, "question": tx.Question, "answer": tx.Answer, "reason": tx.Reason} {
					assert.NotEmpty(t, s, "%s %s", lang, name)
				}
			}
		})
	}
	assert.Positive(t, kinds["move"])
	assert.Positive(t, kinds["defences"])
	assert.Positive(t, kinds["outcome"])
}

func moveNames(ms []dsq.Move) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// TestGuideAgreesOnTheTrappedRat: the library lets the elephant take a rat
// that stands in a trap of the elephant's side (RULES.md, Captures 3), and
// the lesson "elephant-rat-in-trap" shows it; so no text of the page (the
// short rules, the guide's sections, questions and common misreading) may
// say the elephant never takes the rat, and each language's guide names
// the exception.
func TestGuideAgreesOnTheTrappedRat(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/7/7/3E3/3r3/7 r 0 1") // Blue's rat on d2, Red's trap; Red's elephant on d3
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	require.NoError(t, g.Play(dsq.NewMove(dsq.D3, dsq.D2)), "the library: the elephant takes a rat in its own trap")

	guide, err := fs.ReadFile(web.Static, "guide.js")
	require.NoError(t, err)
	i18n, err := fs.ReadFile(web.Static, "i18n.js")
	require.NoError(t, err)
	text := string(guide) + string(i18n)
	for _, never := range []string{
		"never take the rat", "never takes the rat", "can never take the rat",
		"schlägt die Ratte nie", "Ratte nie",
		"nunca captura a la rata", "nunca puede capturar a la rata",
	} {
		assert.NotContains(t, text, never)
	}
	for _, exception := range []string{
		"except when the rat stands in one of the elephant's own traps",
		"außer die Ratte steht in einer Falle der Elefantenseite",
		"salvo cuando la rata está en una trampa del bando del elefante",
	} {
		assert.Contains(t, string(guide), exception)
	}
}

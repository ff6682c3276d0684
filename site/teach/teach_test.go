package teach_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCode: a refusal of each of the library's rules has the rule's own
// code, through any wrapping; an error that wraps none is "illegal-move".
func TestCode(t *testing.T) {
	n := 0
	for r := range dsq.Refusals() {
		err := error(&dsq.MoveError{Move: dsq.NewMove(dsq.A1, dsq.A2), Err: r.Err()})
		assert.Equal(t, r.Code(), teach.Code(err), "Code(%v)", err)
		assert.Equal(t, r.Code(), teach.Code(fmt.Errorf("move 3: %w", err)))
		n++
	}
	assert.Equal(t, 13, n)
	assert.Equal(t, "illegal-move", teach.Code(fmt.Errorf("other")))
	assert.Equal(t, "illegal-move", teach.Code(nil))
}

// TestAPIListsEveryRefusal: API.md lists the 422 codes, and the list is
// the library's, in its order, so that a rule the library adds cannot
// be missing from the contract.
func TestAPIListsEveryRefusal(t *testing.T) {
	data, err := os.ReadFile("../API.md")
	require.NoError(t, err)
	doc := string(data)
	const lead = "The 422 codes, in the order the library"
	i := strings.Index(doc, lead)
	require.GreaterOrEqual(t, i, 0, "API.md has no %q", lead)
	list, _, ok := strings.Cut(doc[i:], "; `illegal-move`")
	require.True(t, ok, "the list ends with illegal-move")
	var documented []string
	for _, m := range regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(list, -1) {
		documented = append(documented, m[1])
	}
	var codes []string
	for r := range dsq.Refusals() {
		codes = append(codes, r.Code())
	}
	assert.Equal(t, codes, documented)
}

// TestRuleOf: a refusal of the library reads as its rule's code and the
// library's words for the player; an error that is not a move's refusal
// keeps its code but never shows its own text.
func TestRuleOf(t *testing.T) {
	pos := mustParse(t, "7/7/7/7/7/7/7/2w4/2D4 r 0 1") // a red dog under a blue wolf
	err := pos.Play(dsq.NewMove(dsq.C1, dsq.C2))
	require.Error(t, err)
	assert.Equal(t, teach.Rule{Code: "rank-too-low", Message: "the dog (3) cannot capture the wolf (4)"}, teach.RuleOf(err))
	err = pos.Play(dsq.NewMove(dsq.C1, dsq.D1))
	assert.Equal(t, teach.Rule{Code: "own-den", Message: "no piece may enter its own den"}, teach.RuleOf(err))
	assert.Equal(t, teach.Rule{Code: "water", Message: "illegal move"}, teach.RuleOf(fmt.Errorf("internal detail: %w", dsq.ErrWater)))
	assert.Equal(t, teach.Rule{Code: "illegal-move", Message: "illegal move"}, teach.RuleOf(fmt.Errorf("internal detail")))
}

package svg_test

import (
	"errors"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
)

func TestErrorSaysArgumentValueAndReason(t *testing.T) {
	cases := []struct {
		err  *svg.Error
		want string
	}{
		{&svg.Error{Arg: "Size", Value: "-1", Err: svg.ErrSize}, `svg: Size "-1": size out of range`},
		{&svg.Error{Arg: "Marks[0].Color", Value: `a"b`, Err: svg.ErrColor}, `svg: Marks[0].Color "a\"b": not a colour`},
		{&svg.Error{Arg: "pos", Err: dsq.ErrNotAPosition}, `svg: pos "": not a position of the game`},
		{&svg.Error{}, `svg:  "": unknown reason`},
	}
	for _, c := range cases {
		assert.EqualError(t, c.err, c.want)
		assert.Equal(t, c.err.Err, errors.Unwrap(c.err))
	}
}

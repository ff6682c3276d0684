package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The three kinds of mutant, as the report names them.
const (
	opDelete   = "delete"   // one statement removed
	opDrop     = "drop"     // one operand of && or || dropped
	opBoundary = "boundary" // a comparison's bound moved by one, either way
)

// A mutant is one edit of a source file: the bytes [start, end) become repl.
type mutant struct {
	op         string
	line, col  int // of start, 1-based, col in bytes as go/token counts
	start, end int
	orig, repl string
	fn         string // the enclosing function ("" at top level)
}

// apply returns src with m's edit made.
func (m mutant) apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.repl))
	out = append(out, src[:m.start]...)
	out = append(out, m.repl...)
	return append(out, src[m.end:]...)
}

// String is the mutant's report line without its verdict:
// file:line:col operator original -> mutated.
func (m mutant) describe(file string) string {
	return fmt.Sprintf("%s:%d:%d %s %s -> %s", file, m.line, m.col, m.op, quote(m.orig), quote(m.repl))
}

// quote shows a piece of source on one line.
func quote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return strconv.Quote(s)
}

// enumerate returns every mutant of the Go source src, in the order of their
// position in the file (then by operator and replacement), restricted to the
// functions whose names match funcs when funcs is not nil. Method names are
// matched as Type.Method.
//
// Statement deletion removes an assignment (not a := declaration, whose
// removal seldom compiles), an increment or decrement, a call statement, a
// return inside an if or a case, a break or a continue: the statements a
// slip of the hand drops. It leaves a for loop's post statement, whose loss
// only makes a loop that never ends.
//
// Operand dropping replaces a && b and a || b by a and by b.
//
// Boundary moving gives a <, <=, > or >= comparison two mutants, its bound
// one less and one more: an integer literal on either side is rewritten
// (n < 4 becomes n < 3 and n < 5), and so is the literal of a bound written
// k+1 or k-1; otherwise the right side k becomes k-1 and k+1. An == or !=
// comparison with an integer literal gets the literal moved by one too.
func enumerate(filename string, src []byte, funcs *regexp.Regexp) ([]mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []mutant
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	add := func(fn, op string, from, to token.Pos, repl string) {
		p := fset.Position(from)
		end := fset.Position(to).Offset
		out = append(out, mutant{op: op, line: p.Line, col: p.Column, start: p.Offset, end: end,
			orig: string(src[p.Offset:end]), repl: repl, fn: fn})
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			name = recvName(fd.Recv.List[0].Type) + "." + name
		}
		if funcs != nil && !funcs.MatchString(name) {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				deletions(n.List, false, name, add)
			case *ast.IfStmt:
				// A return is deleted only where a condition guards it.
				returns(n.Body.List, name, add)
				if b, ok := n.Else.(*ast.BlockStmt); ok {
					returns(b.List, name, add)
				}
			case *ast.CaseClause:
				deletions(n.Body, true, name, add)
			case *ast.CommClause:
				deletions(n.Body, true, name, add)
			case *ast.BinaryExpr:
				binary(n, name, text, add)
			}
			return true
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].start != out[j].start {
			return out[i].start < out[j].start
		}
		if out[i].end != out[j].end {
			return out[i].end > out[j].end // the outer expression first
		}
		return out[i].op < out[j].op
	})
	return out, nil
}

// recvName is the type name of a method's receiver (T for T, *T, T[P]).
func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

type adder func(fn, op string, from, to token.Pos, repl string)

// deletions adds a deletion of each statement of list that a slip could
// drop; inCase adds the returns of a case clause's body as well.
func deletions(list []ast.Stmt, inCase bool, fn string, add adder) {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				add(fn, opDelete, s.Pos(), s.End(), "")
			}
		case *ast.IncDecStmt:
			add(fn, opDelete, s.Pos(), s.End(), "")
		case *ast.ExprStmt:
			if _, ok := s.X.(*ast.CallExpr); ok {
				add(fn, opDelete, s.Pos(), s.End(), "")
			}
		case *ast.BranchStmt:
			if s.Tok == token.BREAK || s.Tok == token.CONTINUE {
				add(fn, opDelete, s.Pos(), s.End(), "")
			}
		case *ast.ReturnStmt:
			if inCase {
				add(fn, opDelete, s.Pos(), s.End(), "")
			}
		}
	}
}

// returns adds a deletion of each return statement of an if's body.
func returns(list []ast.Stmt, fn string, add adder) {
	for _, s := range list {
		if r, ok := s.(*ast.ReturnStmt); ok {
			add(fn, opDelete, r.Pos(), r.End(), "")
		}
	}
}

// binary adds the operand drops of && and || and the boundary moves of a
// comparison.
func binary(e *ast.BinaryExpr, fn string, text func(ast.Node) string, add adder) {
	switch e.Op {
	case token.LAND, token.LOR:
		// An operand binds at least as tightly as the expression it replaces,
		// so its text needs no parentheses.
		add(fn, opDrop, e.Pos(), e.End(), text(e.X))
		add(fn, opDrop, e.Pos(), e.End(), text(e.Y))
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		switch {
		case intLit(e.Y):
			moveLit(e.Y, fn, add)
		case intLit(e.X):
			moveLit(e.X, fn, add)
		case plusLit(e.Y) != nil:
			moveLit(plusLit(e.Y), fn, add)
		default:
			// + and - are the loosest arithmetic operators and associate to
			// the left, so k-1 and k+1 parse as (k)-1 and (k)+1 for any k
			// that can stand beside a comparison operator.
			y := text(e.Y)
			add(fn, opBoundary, e.Y.Pos(), e.Y.End(), y+"-1")
			add(fn, opBoundary, e.Y.Pos(), e.Y.End(), y+"+1")
		}
	case token.EQL, token.NEQ:
		switch {
		case intLit(e.Y):
			moveLit(e.Y, fn, add)
		case intLit(e.X):
			moveLit(e.X, fn, add)
		}
	}
}

// intLit reports whether e is an integer literal, or a negated one.
func intLit(e ast.Expr) bool {
	_, ok := litValue(e)
	return ok
}

func litValue(e ast.Expr) (int64, bool) {
	neg := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, u.X
	}
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(b.Value, "_", ""), 0, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// plusLit returns the literal of a bound written k+n or k-n, so that its
// moves are k+n-1 and k+n+1 written as one literal and not k+1-1, which is
// the unmutated bound.
func plusLit(e ast.Expr) ast.Expr {
	b, ok := e.(*ast.BinaryExpr)
	if !ok || (b.Op != token.ADD && b.Op != token.SUB) {
		return nil
	}
	if intLit(b.Y) {
		if b.Op == token.SUB {
			return &negated{b}
		}
		return b.Y
	}
	return nil
}

// negated stands for the literal n of k-n, whose moves are n+1 and n-1 (the
// bound moving down by one and up by one).
type negated struct{ *ast.BinaryExpr }

// moveLit adds the two mutants that move the integer literal e by one.
func moveLit(e ast.Expr, fn string, add adder) {
	if n, ok := e.(*negated); ok {
		v, _ := litValue(n.Y)
		add(fn, opBoundary, n.Y.Pos(), n.Y.End(), literal(v+1))
		add(fn, opBoundary, n.Y.Pos(), n.Y.End(), literal(v-1))
		return
	}
	v, _ := litValue(e)
	add(fn, opBoundary, e.Pos(), e.End(), literal(v-1))
	add(fn, opBoundary, e.Pos(), e.End(), literal(v+1))
}

// literal writes v so that it can replace a literal anywhere: a negative
// value in parentheses (k - -1 would read k -- 1).
func literal(v int64) string {
	if v < 0 {
		return "(" + strconv.FormatInt(v, 10) + ")"
	}
	return strconv.FormatInt(v, 10)
}

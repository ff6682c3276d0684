package identity

import (
	"fmt"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGoodNamesAreKeptAsShown(t *testing.T) {
	for in, want := range map[string]string{
		"alice":           "alice",
		"  José  María ":  "José María",
		"Jörg_1985":       "Jörg_1985",
		"王小明":             "王小明",
		"Ｆｕｌｌwidth":       "Fullwidth", // NFKC
		"Дмитрий":         "Дмитрий",
		"tiger-fan":       "tiger-fan",
		"Sakura さくら":      "",          // Latin and kana: refused below
		"x\u0301yz":       "x\u0301yz", // a combining mark is refused below
		"abc def ghi jkl": "abc def ghi jkl",
		"bo   b":          "bo b",
	} {
		got, err := CheckName(in)
		if want == "" || in == "x\u0301yz" {
			assert.Error(t, err, in)
			continue
		}
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

func TestNamesWithMarkupControlsOrSymbolsAreRefused(t *testing.T) {
	for _, in := range []string{
		"<b>bob</b>", "bob\x00", "bob\nalice", "bob\u202e", "bob\u200b", "bo\tb", "a&amp;b",
		"bob!", "bob 😀", "__bob", "bob-", "bo--b", "bo\u00a0b", "\xff\xfebob", "bob\u0301", "١٢٣abc",
	} {
		_, err := CheckName(in)
		assert.ErrorIs(t, err, ErrNameCharacters, "%q", in)
	}
}

func TestNameLength(t *testing.T) {
	for _, in := range []string{"", "ab", "  a  ", "abcdefghijklmnopqrstu"} {
		_, err := CheckName(in)
		assert.ErrorIs(t, err, ErrNameLength, "%q", in)
	}
	_, err := CheckName("abcdefghijklmnopqrst")
	assert.NoError(t, err, "20 characters")
}

// TestLookAlikeLettersAreOneName: mixed scripts are refused, and names that
// differ only by look-alike letters, case, accents or digits share a
// skeleton, so a store can refuse the second.
func TestLookAlikeLettersAreOneName(t *testing.T) {
	_, err := CheckName("pаypal") // a Cyrillic а among Latin letters
	assert.ErrorIs(t, err, ErrNameScripts)
	for _, pair := range [][2]string{
		{"alice", "ALICE"}, {"alice", "al1ce"}, {"bob", "b0b"}, {"jose", "José"},
		{"alice", "a-lice"}, {"Ѕаѕһа", "sasha"}, {"ΑΙ", "al"},
	} {
		assert.Equal(t, Skeleton(pair[0]), Skeleton(pair[1]), "%q and %q", pair[0], pair[1])
	}
	assert.NotEqual(t, Skeleton("alice"), Skeleton("alina"))
}

func TestNamesOfTheAIAreReserved(t *testing.T) {
	for _, in := range []string{"AI Dog", "A1-Tiger", "Tiger AI", "ai_level_8", "Elephant", "Level 8", "Al Rat", "cat_bot", "Admin", "ΑΙ Dog"} {
		_, err := CheckName(in)
		assert.Error(t, err, "%q", in)
		if err != ErrNameScripts && err != ErrNameCharacters {
			assert.ErrorIs(t, err, ErrNameReserved, "%q", in)
		}
	}
	for _, in := range []string{"Aisha", "tigerlily", "doggo", "Ali Baba"} {
		_, err := CheckName(in)
		assert.NoError(t, err, "%q", in)
	}
}

func ExampleCheckName() {
	for _, in := range []string{"  Jörg  Müller ", "AI Tiger", "<script>"} {
		name, err := CheckName(in)
		fmt.Printf("%q %v\n", name, err)
	}
	// Output:
	// "Jörg Müller" <nil>
	// "" that name is the site's or its AI's
	// "" a name has letters and digits, with single spaces, - or _ between them
}

// FuzzCheckName: a name CheckName accepts is accepted again as it is (the
// stored form is stable), within the length bounds, free of anything but
// letters, digits and single separators, and never reserved.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"alice", "AI Dog", "<b>", "José María", "Ѕаѕһа", "王小明", "a\u0301bc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		name, err := CheckName(in)
		if err != nil {
			assert.Empty(t, name)
			return
		}
		again, err := CheckName(name)
		require.NoError(t, err, "%q", name)
		assert.Equal(t, name, again)
		assert.False(t, isReserved(Skeleton(name)))
		for _, r := range name {
			assert.True(t, r == ' ' || r == '-' || r == '_' || unicode.IsLetter(r) || (r >= '0' && r <= '9'), "%q in %q", r, name)
		}
	})
}

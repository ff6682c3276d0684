package web

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"
)

// gzipped returns data compressed with gzip at the best compression (the
// files are compressed once, so the time is spent once).
func gzipped(data []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level: no error
	_, _ = zw.Write(data)                                    // a bytes.Buffer does not fail
	_ = zw.Close()
	return buf.Bytes()
}

// acceptsGzip reports whether Accept-Encoding header values accept gzip
// (RFC 9110 12.5.3): gzip or x-gzip with a q above 0, or, when neither is
// named, "*" with a q above 0. No header, or an empty one, accepts only the
// identity.
func acceptsGzip(values []string) bool {
	star := false
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(item, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "gzip" && name != "x-gzip" && name != "*" {
				continue
			}
			ok := qualityAboveZero(params)
			if name == "*" {
				star = ok
				continue
			}
			return ok
		}
	}
	return star
}

// qualityAboveZero reports whether an Accept-Encoding item's parameters
// (after its first ";") give it a weight above 0: no q, or q > 0. A weight
// that does not parse counts as 0.
func qualityAboveZero(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, _ := strings.Cut(p, "=")
		if strings.ToLower(strings.TrimSpace(k)) != "q" {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return err == nil && q > 0
	}
	return true
}

package apitest

import (
	"bytes"
	"os"
	"sync"
	"testing"
)

// Buffer is a bytes.Buffer safe for a log's concurrent writes.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// PostgresURL returns the URL of the PostgreSQL test database
// ($DSQ_TEST_POSTGRES), skipping the test when there is none; under
// CI=true a missing one fails it instead.
func PostgresURL(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("DSQ_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("DSQ_TEST_POSTGRES is not set: CI must run this test on PostgreSQL")
		}
		t.Skip("DSQ_TEST_POSTGRES not set (a postgres:// URL)")
	}
	return dsn
}

// Package testenv says which outside services the server's tests may use.
package testenv

import (
	"os"
	"testing"
)

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

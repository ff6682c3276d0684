package doushouqi_test

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
)

func TestTerrain(t *testing.T) {
	if dsq.Water.Count() != 12 || dsq.Land.Count() != 51 || dsq.Traps.Count() != 6 || dsq.Dens.Count() != 2 {
		t.Errorf("terrain counts: water %d land %d traps %d dens %d", dsq.Water.Count(), dsq.Land.Count(), dsq.Traps.Count(), dsq.Dens.Count())
	}
	if dsq.Full != 1<<63-1 {
		t.Errorf("Full = %x", uint64(dsq.Full))
	}
	for _, sq := range []dsq.Square{dsq.B4, dsq.C4, dsq.E4, dsq.F4, dsq.B5, dsq.C5, dsq.E5, dsq.F5, dsq.B6, dsq.C6, dsq.E6, dsq.F6} {
		if !dsq.Water.Has(sq) {
			t.Errorf("%s is not water", sq)
		}
	}
	if !dsq.RedTraps.Has(dsq.C1) || !dsq.RedTraps.Has(dsq.E1) || !dsq.RedTraps.Has(dsq.D2) || !dsq.BlueTraps.Has(dsq.C9) || !dsq.BlueTraps.Has(dsq.E9) || !dsq.BlueTraps.Has(dsq.D8) {
		t.Errorf("traps misplaced")
	}
	if dsq.DenOf(dsq.Red) != dsq.RedDen || dsq.DenOf(dsq.Blue) != dsq.BlueDen || !dsq.RedDen.Has(dsq.D1) || !dsq.BlueDen.Has(dsq.D9) {
		t.Errorf("dens misplaced")
	}
}

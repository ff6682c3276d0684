package strictjson_test

import (
	"fmt"

	"github.com/doushouqi/doushouqi/site/strictjson"
)

func ExampleDecoder_Decode() {
	d := strictjson.New(strictjson.Rules{
		"move": {MaxLen: 8},
		"ply":  {Min: 0, Max: 10_000},
	})
	var req struct {
		Move string `json:"move"`
		Ply  *int   `json:"ply"`
	}
	fmt.Println(d.Decode([]byte(`{"move":"a3a4","ply":0}`), &req), req.Move, *req.Ply)
	fmt.Println(d.Decode([]byte(`{"MOVE":"a3a4"}`), &req))
	fmt.Println(d.Decode([]byte(`{"ply":1,"ply":2}`), &req))
	fmt.Println(d.Decode([]byte(`{"ply":-1}`), &req))
	// Output:
	// <nil> a3a4 0
	// strictjson: "MOVE": unknown key: keys are case-sensitive, this one is "move"
	// strictjson: "ply": appears more than once
	// strictjson: "ply": must be a whole number from 0 to 10000
}

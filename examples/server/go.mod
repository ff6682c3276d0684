module github.com/doushouqi/doushouqi/examples/server

go 1.26

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/doushouqi/doushouqi v0.0.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

require (
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

replace github.com/doushouqi/doushouqi => ../..

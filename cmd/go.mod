module github.com/doushouqi/doushouqi/cmd

go 1.24

require (
	github.com/doushouqi/doushouqi v0.0.0
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect

replace github.com/doushouqi/doushouqi => ../

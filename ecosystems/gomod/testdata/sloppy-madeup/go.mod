module example.com/envaudit-fixture/sloppy-madeup

go 1.26.0

require github.com/fastjsonx/fastjsonx-turbo v1.2.0

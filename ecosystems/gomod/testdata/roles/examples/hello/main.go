// Command hello is an example of package roles.
package main

import (
	"fmt"
	"os"

	"github.com/google/uuid"

	"example.com/envaudit-fixture/roles"
)

func main() {
	fmt.Println(uuid.NewString(), roles.Interactive(int(os.Stdout.Fd())))
}

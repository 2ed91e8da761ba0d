package uuid

const dotenv = require('./lib/main')

dotenv.config()

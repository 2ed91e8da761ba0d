# The tests run in the committed virtual environment.
.venv/bin/python -c 'print("tests in the venv")'
node test.js

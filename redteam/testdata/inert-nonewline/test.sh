# The test's last output has no final newline, so that a resume token
# written right after it would not start a line of its own.
node test.js
printf 'the last line of the tests, without a newline'

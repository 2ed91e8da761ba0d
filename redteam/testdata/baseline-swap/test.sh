# The test replaces the runner baseline, which mode baseline wrote before
# the install steps into RUNNER_TEMP (where the job's user writes), by a
# named pipe no one writes (SWAP=fifo) or a link to /dev/zero (SWAP=zero):
# a read of it after the run never ends.
b=@JOB@/temp/envaudit-baseline.json
rm -f "$b"
case "$SWAP" in
fifo) mkfifo "$b" ;;
zero) ln -s /dev/zero "$b" ;;
esac
node test.js

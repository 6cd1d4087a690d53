"""p50 and p99 in ms of a pgbench per-transaction log (pgbench -l): python3 percentiles.py LOG"""
import sys

latencies = sorted(int(line.split()[2]) / 1000 for line in open(sys.argv[1]))
n = len(latencies)
at = lambda q: latencies[min(n - 1, int(q * n))]
print(f"n={n} p50={at(0.5):.2f} ms p99={at(0.99):.2f} ms")

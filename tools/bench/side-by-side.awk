# Rows "<side> | <workload> | <figure> | <value> | ..." (a bench table row with the side's name in
# front) in, one markdown row per figure out: each side's runs, their median, and second ÷ first.
# Sides are named by -v first=... -v second=...; used by against-commit.sh and cores-apart.sh.
function median(list, n,   sorted, k, i, j, t) {
  k = split(list, sorted, " ")
  for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (sorted[j] < sorted[i]) { t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t }
  return k % 2 ? sorted[(k + 1) / 2] : (sorted[k / 2] + sorted[k / 2 + 1]) / 2
}
BEGIN { FS = "|" }
{
  side = substr($1, 1, index($1, " ") - 1)
  name = $3; gsub(/^ +| +$/, "", name)
  value = $4; gsub(/[ ,]/, "", value)
  if (!(name in seen)) { seen[name] = 1; order[++names] = name }
  runs[side, name] = runs[side, name] " " value
}
END {
  for (i = 1; i <= names; i++) {
    n = order[i]
    b = median(runs[first, n]); a = median(runs[second, n])
    sub(/^ /, "", runs[first, n]); sub(/^ /, "", runs[second, n])
    printf "| %s | %s | %.0f | %s | %.0f | %s |\n", n, runs[first, n], b, runs[second, n], a, (b > 0 && a > 0) ? sprintf("%.2f", a / b) : "–"
  }
}

package ghrunner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
)

// Values of expressions are what encoding/json decodes into: nil (null),
// bool, float64, string, []any and map[string]any, so an event payload is
// a context as it is.

// Status is a job's status as the status functions see it.
type Status string

// The statuses of a job (or of a composite action's steps).
const (
	StatusSuccess   Status = "success"
	StatusFailure   Status = "failure"
	StatusCancelled Status = "cancelled"
)

// scope is what an expression may name: the contexts (github, env,
// inputs, steps, ...) and the status the status functions answer.
type scope struct {
	contexts map[string]any
	status   Status
}

// parseExpr parses the expression src (without ${{ }}).
func parseExpr(src string) (actionlint.ExprNode, error) {
	n, err := actionlint.NewExprParser().Parse(actionlint.NewExprLexer(src + "}}"))
	if err != nil {
		return nil, fmt.Errorf("expression %q: %s", src, err.Message)
	}
	return n, nil
}

// eval evaluates the expression src in sc.
func (sc *scope) eval(src string) (any, error) {
	n, err := parseExpr(src)
	if err != nil {
		return nil, err
	}
	v, err := sc.node(n)
	if err != nil {
		return nil, fmt.Errorf("expression %q: %w", src, err)
	}
	return v, nil
}

// condition evaluates an if: condition as the runner does: a value
// wrapped whole in ${{ }} is the expression inside, and a condition that
// calls none of the status functions is success() && (condition).
func (sc *scope) condition(cond string) (bool, error) {
	c := strings.TrimSpace(cond)
	if c == "" {
		c = "success()"
	}
	if inner, ok := wholeExpr(c); ok {
		c = inner
	}
	n, err := parseExpr(c)
	if err != nil {
		return false, err
	}
	if !callsStatus(n) {
		if sc.status != StatusSuccess {
			return false, nil
		}
	}
	v, err := sc.node(n)
	if err != nil {
		return false, fmt.Errorf("condition %q: %w", cond, err)
	}
	return truthy(v), nil
}

// wholeExpr reports whether s is one ${{ }} and nothing else, and returns
// the expression inside.
func wholeExpr(s string) (string, bool) {
	if !strings.HasPrefix(s, "${{") {
		return "", false
	}
	_, end, err := actionlint.LexExpression(s[3:])
	if err != nil || strings.TrimSpace(s[3+end:]) != "" {
		return "", false
	}
	return strings.TrimSpace(s[3 : 3+end-2]), true
}

// callsStatus reports whether n calls success, failure, cancelled or
// always.
func callsStatus(n actionlint.ExprNode) bool {
	found := false
	actionlint.VisitExprNode(n, func(node, _ actionlint.ExprNode, entering bool) {
		if f, ok := node.(*actionlint.FuncCallNode); ok && entering {
			switch strings.ToLower(f.Callee) {
			case "success", "failure", "cancelled", "always":
				found = true
			}
		}
	})
	return found
}

// interpolate replaces each ${{ expression }} of s by its value as a
// string, as the runner does for with:, env:, run: and the other string
// fields.
func (sc *scope) interpolate(s string) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:i])
		rest := s[i+3:]
		_, end, lexErr := actionlint.LexExpression(rest)
		if lexErr != nil {
			return "", fmt.Errorf("expression in %q: %s", s, lexErr.Message)
		}
		v, err := sc.eval(strings.TrimSpace(rest[:end-2]))
		if err != nil {
			return "", err
		}
		str, err := toText(v)
		if err != nil {
			return "", fmt.Errorf("expression %q: %w", strings.TrimSpace(rest[:end-2]), err)
		}
		b.WriteString(str)
		s = rest[end:]
	}
}

func (sc *scope) node(n actionlint.ExprNode) (any, error) {
	switch n := n.(type) {
	case *actionlint.NullNode:
		return nil, nil
	case *actionlint.BoolNode:
		return n.Value, nil
	case *actionlint.IntNode:
		return float64(n.Value), nil
	case *actionlint.FloatNode:
		return n.Value, nil
	case *actionlint.StringNode:
		return n.Value, nil
	case *actionlint.VariableNode:
		v, ok := sc.contexts[n.Name]
		if !ok {
			return nil, fmt.Errorf("unknown context %q", n.Name)
		}
		return v, nil
	case *actionlint.ObjectDerefNode:
		recv, err := sc.node(n.Receiver)
		if err != nil {
			return nil, err
		}
		return property(recv, n.Property), nil
	case *actionlint.ArrayDerefNode:
		recv, err := sc.node(n.Receiver)
		if err != nil {
			return nil, err
		}
		// a.* is the array of a's elements (an object's values, in key
		// order); a following .b applies to each.
		switch r := recv.(type) {
		case []any:
			return append([]any(nil), r...), nil
		case map[string]any:
			keys := make([]string, 0, len(r))
			for k := range r {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			out := make([]any, 0, len(keys))
			for _, k := range keys {
				out = append(out, r[k])
			}
			return out, nil
		}
		return []any{}, nil
	case *actionlint.IndexAccessNode:
		recv, err := sc.node(n.Operand)
		if err != nil {
			return nil, err
		}
		idx, err := sc.node(n.Index)
		if err != nil {
			return nil, err
		}
		if arr, ok := recv.([]any); ok {
			f, isNum := idx.(float64)
			if !isNum {
				f = toNumber(idx)
			}
			if i := int(f); float64(i) == f && i >= 0 && i < len(arr) {
				return arr[i], nil
			}
			return nil, nil
		}
		key, err := toText(idx)
		if err != nil {
			return nil, nil
		}
		return property(recv, key), nil
	case *actionlint.NotOpNode:
		v, err := sc.node(n.Operand)
		if err != nil {
			return nil, err
		}
		return !truthy(v), nil
	case *actionlint.LogicalOpNode:
		l, err := sc.node(n.Left)
		if err != nil {
			return nil, err
		}
		// The operators return an operand, not a boolean, and do not
		// evaluate the right one when the left decides.
		switch n.Kind {
		case actionlint.LogicalOpNodeKindAnd:
			if !truthy(l) {
				return l, nil
			}
		case actionlint.LogicalOpNodeKindOr:
			if truthy(l) {
				return l, nil
			}
		default:
			return nil, fmt.Errorf("unknown logical operator %v", n.Kind)
		}
		return sc.node(n.Right)
	case *actionlint.CompareOpNode:
		l, err := sc.node(n.Left)
		if err != nil {
			return nil, err
		}
		r, err := sc.node(n.Right)
		if err != nil {
			return nil, err
		}
		return compare(n.Kind, l, r), nil
	case *actionlint.FuncCallNode:
		args := make([]any, len(n.Args))
		for i, a := range n.Args {
			v, err := sc.node(a)
			if err != nil {
				return nil, err
			}
			args[i] = v
		}
		return sc.call(n.Callee, args)
	}
	return nil, fmt.Errorf("unsupported expression node %T", n)
}

// property is v's property name, looked up without regard to case as
// GitHub does; null when v is no object or lacks it. A property of an
// array applies to each element (after a .* filter).
func property(v any, name string) any {
	switch o := v.(type) {
	case map[string]any:
		if p, ok := o[name]; ok {
			return p
		}
		for k, p := range o {
			if strings.EqualFold(k, name) {
				return p
			}
		}
	case []any:
		out := []any{}
		for _, e := range o {
			if p := property(e, name); p != nil {
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

func (sc *scope) call(name string, args []any) (any, error) {
	want := func(lo, hi int) error {
		if len(args) < lo || (hi >= 0 && len(args) > hi) {
			return fmt.Errorf("%s: %d arguments", name, len(args))
		}
		return nil
	}
	switch strings.ToLower(name) {
	case "success":
		return sc.status == StatusSuccess, want(0, 0)
	case "failure":
		return sc.status == StatusFailure, want(0, 0)
	case "cancelled":
		return sc.status == StatusCancelled, want(0, 0)
	case "always":
		return true, want(0, 0)
	case "contains":
		if err := want(2, 2); err != nil {
			return nil, err
		}
		if arr, ok := args[0].([]any); ok {
			for _, e := range arr {
				if equal(e, args[1]) {
					return true, nil
				}
			}
			return false, nil
		}
		return strings.Contains(strings.ToLower(looseText(args[0])), strings.ToLower(looseText(args[1]))), nil
	case "startswith":
		if err := want(2, 2); err != nil {
			return nil, err
		}
		return strings.HasPrefix(strings.ToLower(looseText(args[0])), strings.ToLower(looseText(args[1]))), nil
	case "endswith":
		if err := want(2, 2); err != nil {
			return nil, err
		}
		return strings.HasSuffix(strings.ToLower(looseText(args[0])), strings.ToLower(looseText(args[1]))), nil
	case "format":
		if err := want(1, -1); err != nil {
			return nil, err
		}
		return format(looseText(args[0]), args[1:])
	case "join":
		if err := want(1, 2); err != nil {
			return nil, err
		}
		sep := ","
		if len(args) == 2 {
			sep = looseText(args[1])
		}
		arr, ok := args[0].([]any)
		if !ok {
			return looseText(args[0]), nil
		}
		parts := make([]string, len(arr))
		for i, e := range arr {
			parts[i] = looseText(e)
		}
		return strings.Join(parts, sep), nil
	case "tojson":
		if err := want(1, 1); err != nil {
			return nil, err
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(args[0]); err != nil {
			return nil, err
		}
		return strings.TrimSuffix(b.String(), "\n"), nil
	case "fromjson":
		if err := want(1, 1); err != nil {
			return nil, err
		}
		var v any
		if err := json.Unmarshal([]byte(looseText(args[0])), &v); err != nil {
			return nil, fmt.Errorf("fromJSON: %w", err)
		}
		return v, nil
	}
	return nil, fmt.Errorf("function %q is not emulated", name)
}

// format is the format function: {N} is argument N, {{ and }} are
// braces.
func format(f string, args []any) (string, error) {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '{' && i+1 < len(f) && f[i+1] == '{':
			b.WriteByte('{')
			i++
		case c == '}' && i+1 < len(f) && f[i+1] == '}':
			b.WriteByte('}')
			i++
		case c == '{':
			j := strings.IndexByte(f[i:], '}')
			if j < 0 {
				return "", fmt.Errorf("format %q: unclosed {", f)
			}
			n, err := strconv.Atoi(f[i+1 : i+j])
			if err != nil || n < 0 || n >= len(args) {
				return "", fmt.Errorf("format %q: bad index %q", f, f[i+1:i+j])
			}
			b.WriteString(looseText(args[n]))
			i += j
		case c == '}':
			return "", fmt.Errorf("format %q: unmatched }", f)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// truthy is the expression language's truth: null, false, 0, NaN and
// "" are false, everything else true.
func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	}
	return true
}

// toNumber converts v as the comparison operators do.
func toNumber(v any) float64 {
	switch v := v.(type) {
	case nil:
		return 0
	case bool:
		if v {
			return 1
		}
		return 0
	case float64:
		return v
	case string:
		s := strings.TrimSpace(v)
		if s == "" {
			return 0
		}
		if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
			if n, err := strconv.ParseUint(h, 16, 64); err == nil {
				return float64(n)
			}
			return math.NaN()
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || strings.ContainsAny(s, "_") {
			return math.NaN()
		}
		return f
	}
	return math.NaN()
}

// equal is ==: values of one type compare directly (strings without
// regard to case; arrays and objects only as the same value), values of
// different types as numbers.
func equal(l, r any) bool {
	switch lv := l.(type) {
	case nil:
		if r == nil {
			return true
		}
	case bool:
		if rv, ok := r.(bool); ok {
			return lv == rv
		}
	case float64:
		if rv, ok := r.(float64); ok {
			return lv == rv
		}
	case string:
		if rv, ok := r.(string); ok {
			return strings.EqualFold(lv, rv)
		}
	case []any, map[string]any:
		// Arrays and objects are equal only to themselves.
		lp, rp := reflect.ValueOf(l), reflect.ValueOf(r)
		return lp.Kind() == rp.Kind() && lp.Pointer() == rp.Pointer() && lp.Len() == rp.Len()
	}
	if _, ok := r.([]any); ok {
		return false
	}
	if _, ok := r.(map[string]any); ok {
		return false
	}
	a, b := toNumber(l), toNumber(r)
	return a == b
}

func compare(kind actionlint.CompareOpNodeKind, l, r any) bool {
	switch kind {
	case actionlint.CompareOpNodeKindEq:
		return equal(l, r)
	case actionlint.CompareOpNodeKindNotEq:
		return !equal(l, r)
	}
	var c int
	ls, lok := l.(string)
	rs, rok := r.(string)
	if lok && rok {
		c = strings.Compare(strings.ToLower(ls), strings.ToLower(rs))
	} else {
		a, b := toNumber(l), toNumber(r)
		if math.IsNaN(a) || math.IsNaN(b) {
			return false
		}
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		}
	}
	switch kind {
	case actionlint.CompareOpNodeKindLess:
		return c < 0
	case actionlint.CompareOpNodeKindLessEq:
		return c <= 0
	case actionlint.CompareOpNodeKindGreater:
		return c > 0
	case actionlint.CompareOpNodeKindGreaterEq:
		return c >= 0
	}
	return false
}

// errNotText is what a string field gets when its expression is an
// object or an array, as the runner refuses it.
var errNotText = errors.New("a mapping or sequence was not expected where a string is")

// toText converts a value for a string field.
func toText(v any) (string, error) {
	switch v.(type) {
	case []any, map[string]any:
		return "", errNotText
	}
	return looseText(v), nil
}

// looseText converts a value to a string as the functions do: objects
// and arrays become "Object" and "Array".
func looseText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(v)
	case float64:
		if math.IsNaN(v) {
			return "NaN"
		}
		if math.IsInf(v, 0) {
			if v > 0 {
				return "Infinity"
			}
			return "-Infinity"
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		return v
	case []any:
		return "Array"
	case map[string]any:
		return "Object"
	}
	return fmt.Sprint(v)
}

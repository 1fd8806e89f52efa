"""Steps generated per decision from the rulebook's own functions (issue 26's experiment).

For one :class:`~cucu_ref.game.rulesets.Rules` value, :func:`steps_for` builds one Python
function per decision (the shuffle, and each phase's kinds of decision) out of the source of the
functions :mod:`~cucu_ref.game.engine` runs: the decision's rule function from
:mod:`~cucu_ref.game.rulebook`, with every call it makes on the table inlined (``turn_to``,
``deal_to``, ``draw``, ``Table.emit`` ...), every option read (``t.rules.X``, ``t.cite[...]``,
``t.rules.cites(...)``) folded into a constant and the branches the options rule out dropped,
and the Table's attributes turned into locals read from the State's fields and frozen into the
new State where the step ends.  No rule is written here: the generator only transforms the
functions of the rulebook (``inspect`` + ``ast``), so a rule changed there changes the
generated step.  A call it cannot inline (a loop that returns from a callee in mid-body, a
function called inside an expression) is run as the engine runs it, on a Table built from the
locals at that point (a "spill"); a decision it cannot generate at all steps through
:func:`~cucu_ref.game.engine.step`.

:func:`step` and :func:`advance` have the engine's contracts (``tests/test_compiled.py`` checks
them against the engine at every step of random deals of every preset), and :func:`play_out`
``engine.play_out``'s: a third mode of the generator makes each step work on the live table of a
play-out, reading its fields into locals and writing back those it changed, without events or a
State between the steps (``tests/test_compiled_play_out.py``).  Nothing in the package calls them
by default (docs/dev/engine-speed.md, issue 26, says what wiring them in would take).
"""

from __future__ import annotations

import ast
import copy
import functools
import inspect
import textwrap
from types import FunctionType, ModuleType
from typing import Any, Callable, Optional

from . import engine
from .rulebook import match as _match
from .rulebook.dealing import is_shuffled, start_deal
from .rulebook.table import Table, new_event, new_match, new_notes, new_state
from .rulebook.turn_order import turn_to
from .rulesets import Rules
from .state import Action, ActionKind, Event, Notes, Phase, State

__all__ = ["steps_for", "step", "advance", "play_out", "source_of"]

Step = Callable[[Any, Action], Any]  # (a State, or the live Table of play_out, and the action)

# The Table's slots a step reads and writes as locals (``t.X`` -> ``t_X``), by where the State
# keeps them: the State's own fields, the deal's, the match's
_STATE_FIELDS = State._fields
_DEAL_FIELDS = ("rules", "players", "dealer", "deal_number", "order")
_MATCH_FIELDS = ("marks", "virgins", "pot", "eliminations", "reentries", "pending", "winner")
_NOTE_FIELDS = Notes._fields
_SIMPLE = (str, int, float, bool, type(None))


class Unsupported(Exception):
    """A function whose shape the generator does not inline (the caller spills, or the decision
    is left to the engine)."""


def _put_note(notes: Notes, index: int, value: Any) -> Notes:
    """A write of one of the notes' fields through the Table (``Table``'s ``_through``): the
    notes rebuilt only when the value changes."""
    if notes[index] != value:
        return new_notes(notes[:index] + (value,) + notes[index + 1:])
    return notes


def _spill(state: State, events: Optional[list[Event]], after: bool, call: Callable[..., None],
           *args: Any) -> Table:
    """Run ``call`` as the engine does, on a Table of ``state`` (the locals frozen so far), then,
    ``after``, the step's end (``engine._play``: a buy-back decided at once, L11)."""
    t = Table(state, events is not None)
    if events is not None:
        t.events = events
    call(t, *args)
    if after and t.pending:
        _match.suspend_for_buy_back(t)
    return t


def _spill_on(t: Table, after: bool, call: Callable[..., None], *args: Any) -> None:
    """Run ``call`` on the live table ``t`` as the engine does, then, ``after``, the step's end
    (``engine._play``: a buy-back decided at once, L11): :func:`_spill` for a step on the table."""
    call(t, *args)
    if after and t.pending:
        _match.suspend_for_buy_back(t)


def _table(state: State, events: Optional[list[Event]]) -> Table:
    """A Table of ``state`` (the locals so far) recording into ``events``."""
    t = Table(state, events is not None)
    if events is not None:
        t.events = events
    return t


@functools.cache
def _source(function: Callable[..., Any]) -> str:
    """The source of ``function``, dedented (read once: ``inspect`` reads and tokenizes its file)."""
    return textwrap.dedent(inspect.getsource(function))


def _tree(function: Callable[..., Any]) -> ast.FunctionDef:
    """The parsed source of ``function`` (its docstring dropped)."""
    node = ast.parse(_source(function)).body[0]
    assert isinstance(node, ast.FunctionDef)
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    node.body = body or [ast.Pass()]
    return node


def _is_t(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "t"


def _bound_names(fn: ast.FunctionDef) -> set[str]:
    """The names local to ``fn``: its parameters, whatever it assigns, its lambdas' and
    comprehensions' variables."""
    names = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def _ends(block: list[ast.stmt]) -> bool:
    """True when every path through ``block`` ends in a return (or a raise)."""
    if not block:
        return False
    last = block[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.If) and _ends(last.body) and _ends(last.orelse)


def _restructured(block: list[ast.stmt]) -> list[ast.stmt]:
    """``block`` with each ``if c: ...; return`` followed by more statements turned into
    ``if c: ...; return`` / ``else: <the rest>``, so that a return ends every block it is in."""
    out: list[ast.stmt] = []
    for i, node in enumerate(block):
        if isinstance(node, (ast.Return, ast.Raise)):
            out.append(node)
            return out  # (what follows is dead)
        if isinstance(node, ast.If):
            rest = block[i + 1:]
            if rest and _ends(node.body):
                orelse = node.orelse if _ends(node.orelse) else node.orelse + rest
                out.append(ast.If(node.test, _restructured(node.body), _restructured(orelse)))
                return out
            node = ast.If(node.test, _restructured(node.body), _restructured(node.orelse))
        out.append(node)
    return out


def _returns_at_ends(block: list[ast.stmt], at_end: bool = True) -> bool:
    """True when each return in ``block`` is the last statement of a block at the function's end
    (not inside a loop): one that an assignment of its value can stand for."""
    for i, node in enumerate(block):
        last = at_end and i == len(block) - 1
        if isinstance(node, ast.Return) and not last:
            return False
        if isinstance(node, ast.If):
            if not (_returns_at_ends(node.body, last) and _returns_at_ends(node.orelse, last)):
                return False
        elif isinstance(node, (ast.For, ast.While, ast.With, ast.Try)) and any(
                isinstance(n, ast.Return) for n in ast.walk(node)):
            return False
    return True


def _t_call(node: ast.AST) -> bool:
    """True for a call that hands the table on (``f(t, ...)``) or a method of the table (``t.m(...)``)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return any(_is_t(a) for a in node.args) or (isinstance(func, ast.Attribute) and _is_t(func.value))


def _direct_t_calls(expr: ast.expr) -> list[ast.Call]:
    """The calls on the table ``expr`` makes whenever it is evaluated (not conditionally)."""
    if _t_call(expr):
        return [expr]  # type: ignore[list-item]
    if isinstance(expr, (ast.BoolOp, ast.IfExp, ast.Lambda, ast.ListComp, ast.GeneratorExp, ast.DictComp,
                         ast.SetComp)):
        first = expr.values[0] if isinstance(expr, ast.BoolOp) else expr.test if isinstance(expr, ast.IfExp) else None
        return _direct_t_calls(first) if first is not None else []
    return [c for child in ast.iter_child_nodes(expr) if isinstance(child, ast.expr) for c in _direct_t_calls(child)]


def _replace(tree: ast.AST, old: ast.AST, new: ast.expr) -> None:
    """``old`` (a node in ``tree``) replaced by ``new``."""
    for node in ast.walk(tree):
        for field, value in ast.iter_fields(node):
            if value is old:
                setattr(node, field, new)
            elif isinstance(value, list) and any(v is old for v in value):
                setattr(node, field, [new if v is old else v for v in value])


def _mentions_t_call(node: ast.AST) -> bool:
    return any(_t_call(n) for n in ast.walk(node))


_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
    ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_UNKNOWN = object()


class _Fold(ast.NodeTransformer):
    """Options folded into constants: ``t.rules`` and ``t.cite`` are the one Rules value's, an
    attribute of a known Rules value, module or class is read now, and comparisons, ``not``,
    ``and``/``or`` and conditional expressions of known values are worked out."""

    def __init__(self, gen: "_Generator", aliases: dict[str, ast.expr]):
        self.gen, self.aliases = gen, aliases

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.aliases:
            visited: ast.expr = self.visit(_copy(self.aliases[node.id]))
            return visited
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        self.generic_visit(node)
        gen, value = self.gen, node.value
        if not isinstance(node.ctx, ast.Load):
            return node
        if _is_t(value) and node.attr in ("rules", "cite"):
            return gen.ref(gen.rules if node.attr == "rules" else gen.rules.citation_of)
        if _is_t(value) and node.attr == "events" and not gen.events:
            return ast.Constant(None)
        if isinstance(value, ast.Attribute) and _is_t(value.value) and value.attr == "deal" and node.attr == "rules":
            return gen.ref(gen.rules)
        known = gen.known(value)
        if isinstance(known, (Rules, ModuleType, type)) and hasattr(known, node.attr):
            return gen.ref(getattr(known, node.attr))
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        self.generic_visit(node)
        container, key = self.gen.known(node.value), self.gen.known(node.slice)
        if container is not _UNKNOWN and key is not _UNKNOWN and isinstance(node.ctx, ast.Load):
            try:
                return self.gen.ref(container[key])
            except (KeyError, IndexError, TypeError):
                return node
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        if _is_t_events(node) and self.gen.events:
            return ast.Constant(True)  # (``events is not None`` on a step that records them)
        values = [self.gen.known(n) for n in [node.left, *node.comparators]]
        if _UNKNOWN in values:
            return node
        ok = all(_COMPARE[type(op)](a, b) for op, a, b in zip(node.ops, values, values[1:]))
        return ast.Constant(ok)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        value = self.gen.known(node.operand)
        if isinstance(node.op, ast.Not) and value is not _UNKNOWN:
            return ast.Constant(not value)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        is_and = isinstance(node.op, ast.And)
        kept: list[ast.expr] = []
        for i, operand in enumerate(node.values):
            value = self.gen.known(operand)
            last = i == len(node.values) - 1
            if value is _UNKNOWN or last:
                kept.append(operand)
            elif bool(value) != is_and:  # (a false operand of 'and', a true one of 'or': the result)
                kept.append(operand)
                break
        return kept[0] if len(kept) == 1 else ast.BoolOp(node.op, kept)

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        test = self.gen.known(node.test)
        if test is _UNKNOWN:
            return node
        return node.body if test else node.orelse

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        func = self.gen.known(node.func)
        if isinstance(getattr(func, "__self__", None), Rules) and not node.keywords:
            args = [self.gen.known(a) for a in node.args]
            if _UNKNOWN not in args:
                return self.gen.ref(func(*args))
        return node


def _is_t_events(node: ast.Compare) -> bool:
    """``t.events is not None``."""
    left = node.left
    return (isinstance(left, ast.Attribute) and _is_t(left.value) and left.attr == "events"
            and len(node.ops) == 1 and isinstance(node.ops[0], ast.IsNot)
            and isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None)


def _copy(node: ast.expr) -> ast.expr:
    copied = ast.parse(ast.unparse(node), mode="eval").body
    return copied


class _Generator:
    """Builds the steps of one Rules value, with or without events (:func:`steps_for`)."""

    def __init__(self, rules: Rules, events: bool, on_table: bool = False):
        self.rules, self.events, self.on_table = rules, events and not on_table, on_table
        self.ns: dict[str, Any] = {"_spill": _spill, "_table": _table, "_put_note": _put_note, "new_state": new_state,
                                   "new_match": new_match, "new_event": new_event, "_spill_on": _spill_on}
        self.arg = "T" if on_table else "state"  # (what a step is handed: the live Table, or a State)
        self.values: dict[str, Any] = {}
        self.names: dict[int, str] = {}
        self.count = 0
        self.general: Step = engine.step
        self.after = True  # (a decision's step ends as engine._play's: a buy-back decided at once)

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"_{self.count}_{stem}"

    def ref(self, value: Any) -> ast.expr:
        """An expression for ``value``: a literal, or a name bound in the generated code's globals."""
        if type(value) in _SIMPLE:
            return ast.Constant(value)
        name = self.names.get(id(value))
        if name is None:
            name = self.names[id(value)] = f"k{len(self.names)}_{getattr(value, '__name__', type(value).__name__)}"
            self.ns[name] = self.values[name] = value
        return ast.Name(name, ast.Load())

    def known(self, node: ast.AST) -> Any:
        """The value of ``node`` where the generator knows it, else ``_UNKNOWN``."""
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name) and node.id in self.values:
            return self.values[node.id]
        return _UNKNOWN

    def instantiate(self, function: Callable[..., Any], call: ast.Call, extra: Optional[dict[str, Any]] = None,
                    ) -> list[ast.stmt]:
        """The body of ``function`` for one ``call`` of it (``t`` its first argument): its locals
        renamed apart, its globals bound by value, its parameters assigned from the call's
        arguments (or their defaults)."""
        tree = _tree(function)
        params = [a.arg for a in tree.args.args]
        bound, prefix = _bound_names(tree), self.fresh("")
        scope = {**function.__globals__, **(extra or {})}
        renamer = _Rename(self, params[0], bound, prefix, scope)
        body = [renamer.visit(s) for s in tree.body]
        args = [_t_method_self(call)] + call.args if _is_method(call) else list(call.args)
        if not args or not _is_t(args[0]) or any(isinstance(a, ast.Starred) for a in args):
            raise Unsupported(f"{function.__name__}: the table is not its first argument")
        try:
            binding = inspect.signature(function).bind(*args, **{k.arg: k.value for k in call.keywords if k.arg})
        except TypeError as error:
            raise Unsupported(str(error)) from None
        binding.apply_defaults()
        assigns: list[ast.stmt] = []
        for name, value in list(binding.arguments.items())[1:]:
            node = value if isinstance(value, ast.expr) else self.ref(value)
            assigns.append(ast.Assign([ast.Name(prefix + name, ast.Store())], node))
        return assigns + body

    def prepare(self, body: list[ast.stmt]) -> list[ast.stmt]:
        """``body`` with its options folded, its constant locals propagated and its dead branches
        dropped (three rounds: a folded option may make another local constant)."""
        for _ in range(3):
            body = _split_tuples(body)
            aliases = _constant_locals(self, body)
            folder = _Fold(self, aliases)
            body = _drop_dead([folder.visit(s) for s in body if not _assigns_alias(s, aliases)], self)
        return _restructured(self.hoisted(body))

    def hoisted(self, body: list[ast.stmt]) -> list[ast.stmt]:
        """``body`` with each call on the table that a return, an assignment or a test makes
        unconditionally (not in a later operand of 'and'/'or' or a branch of 'if'-'else') made
        first, into a local of its own, where nothing else in the statement reads the table."""
        out: list[ast.stmt] = []
        for node in body:
            if isinstance(node, ast.If):
                node.body, node.orelse = self.hoisted(node.body), self.hoisted(node.orelse)
                expr: Optional[ast.expr] = node.test
            elif isinstance(node, (ast.For, ast.While)):
                node.body = self.hoisted(node.body)
                expr = None
            else:
                expr = node.value if isinstance(node, (ast.Return, ast.Assign)) else None
            calls = [] if expr is None or (isinstance(node, ast.Assign) and expr is node.value and _t_call(expr)) \
                else _direct_t_calls(expr)
            reads = sum(1 for n in ast.walk(expr) if _is_t(n)) if expr is not None else 0
            if len(calls) == 1 and reads == sum(1 for n in ast.walk(calls[0]) if _is_t(n)):
                name = self.fresh("h")
                out.append(ast.Assign([ast.Name(name, ast.Store())], calls[0]))
                _replace(node, calls[0], _name(name))
            out.append(node)
        return out

    def callee(self, call: ast.Call) -> Callable[..., Any]:
        """The function ``call`` calls: a method of the Table, or a function of the game's modules."""
        func = call.func
        if _is_method(call):
            assert isinstance(func, ast.Attribute)
            function = inspect.getattr_static(Table, func.attr, None)
        else:
            function = self.known(func)
        if not isinstance(function, FunctionType) or not function.__module__.startswith("cucu_ref.game"):
            raise Unsupported(f"not a function of the game: {ast.unparse(func)}")
        return function

    def inline(self, call: ast.Call, mode: Optional[str], tail: bool) -> list[ast.stmt]:
        """The statements that stand for ``call``: its callee's body, inlined (``mode`` None: in
        the step's tail, a return ends the step; else the name its value goes to, "" for none),
        or, in the tail, the call on a Table of the locals (:func:`_spill`)."""
        try:
            function = self.callee(call)
            if self.count > 20_000:
                raise Unsupported("too much inlined")
            body = self.prepare(self.instantiate(function, call))
            if mode is not None and not _returns_at_ends(body):
                raise Unsupported(f"{function.__name__} returns in mid-body")
            return self.process(body, mode, tail)
        except Unsupported:
            if not tail:
                return self.call_out(call, mode or "")
            return self.spill(call, self.after)

    def call_out(self, call: ast.Call, mode: str) -> list[ast.stmt]:
        """``call`` made as the engine makes it, on a Table of the locals, from which the locals
        are then read back (a call the generator cannot inline inside the step)."""
        func, args = self.spilled_call(call)
        events = _t_attr("events") if self.events else ast.Constant(None)
        out: list[ast.stmt]
        if self.on_table:  # (the locals written to the live table, the call made on it)
            out = [ast.Expr(_name("__writeback__")), ast.Assign([ast.Name("_T", ast.Store())], _name("T"))]
        else:
            table = ast.Call(_name("_table"), [_name("__state__"), events], [])
            out = [ast.Assign([ast.Name("_T", ast.Store())], table)]
        out.append(ast.Assign([ast.Name(mode or "_", ast.Store())], ast.Call(func, [_name("_T"), *args], [])))
        for field in (*Table.__slots__[:10], "rules", "dealer", "order", *_MATCH_FIELDS, "events"):
            if field != "events" or self.events:
                out.append(ast.Assign([ast.Name("t_" + field, ast.Store())],
                                      ast.Attribute(_name("_T"), field, ast.Load())))
        return out

    def spilled_call(self, call: ast.Call) -> tuple[ast.expr, list[ast.expr]]:
        """The function ``call`` calls and its arguments but the table."""
        if call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
            raise Unsupported("a spilled call with keywords")
        if _is_method(call):
            assert isinstance(call.func, ast.Attribute)
            return self.ref(inspect.getattr_static(Table, call.func.attr)), call.args
        if not call.args or not _is_t(call.args[0]):
            raise Unsupported("the table is not the first argument")
        return call.func, call.args[1:]

    def process(self, block: list[ast.stmt], mode: Optional[str], tail: bool) -> list[ast.stmt]:
        """``block`` with each call on the table inlined (``mode``, ``tail``: :meth:`inline`)."""
        out: list[ast.stmt] = []
        for i, node in enumerate(block):
            last = (tail and i == len(block) - 1) or (  # (a call followed by the return that ends the step)
                mode is None and i == len(block) - 2 and isinstance(block[-1], ast.Return))
            if isinstance(node, ast.Return):
                if mode is None:
                    return out + self.epilogue()
                if mode and node.value is not None:
                    out.append(ast.Assign([ast.Name(mode, ast.Store())], node.value))
                return out
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                if self.known(node.value.func) is _refuse:
                    return out + [ast.Return(ast.Call(self.ref(self.general), [_name(self.arg), _name("action")], []))]
                if _t_call(node.value):
                    out += self.inline(node.value, None if last else "", last)
                    continue
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and _t_call(node.value):
                assert isinstance(node.value, ast.Call)
                name = self.fresh("r")
                out += self.inline(node.value, name, False)
                out.append(ast.Assign(node.targets, _name(name)))
                continue
            if isinstance(node, ast.If) and not _mentions_t_call(node.test):
                body, orelse = self.process(node.body, mode, last), self.process(node.orelse, mode, last)
                if body or orelse or any(isinstance(n, ast.Call) for n in ast.walk(node.test)):
                    out.append(ast.If(node.test, body or [ast.Pass()], orelse))
                continue
            if isinstance(node, (ast.For, ast.While)) and not node.orelse and not _mentions_t_call(
                    node.iter if isinstance(node, ast.For) else node.test):
                node.body = self.process(node.body, mode, False) or [ast.Pass()]
                out.append(node)
                continue
            if _mentions_t_call(node):
                raise Unsupported(f"a call on the table inside: {ast.unparse(node)}")
            out.append(node)
        return out

    def spill(self, call: ast.Call, after: bool) -> list[ast.stmt]:
        """``call`` run as the engine runs it, on a Table of the locals, which then ends the step."""
        func, args = self.spilled_call(call)
        if self.on_table:  # (the locals written to the live table, the call made on it)
            spilled_on = ast.Call(_name("_spill_on"), [_name("T"), ast.Constant(after), func, *args], [])
            return [ast.Expr(_name("__writeback__")), ast.Expr(spilled_on), ast.Return(None)]
        events = _t_attr("events") if self.events else ast.Constant(None)
        spilled = ast.Call(_name("_spill"), [_name("__state__"), events, ast.Constant(after), func, *args], [])
        frozen: ast.expr = ast.Call(ast.Attribute(_name("_T"), "freeze", ast.Load()), [], [])
        if self.events:
            frozen = ast.Tuple([frozen, ast.Call(_name("tuple"), [ast.Attribute(_name("_T"), "events", ast.Load())],
                                                 [])], ast.Load())
        return [ast.Assign([ast.Name("_T", ast.Store())], spilled), ast.Return(frozen)]

    def epilogue(self) -> list[ast.stmt]:
        """The step's end: (a decision's) a buy-back decided at once (``engine._play``, L11:
        inlined from :func:`~cucu_ref.game.rulebook.match.suspend_for_buy_back`), then the
        locals frozen into the new State."""
        end: list[ast.stmt] = [ast.Return(_name("__freeze__"))]
        if not self.after:
            return end
        self.after = False
        try:
            call = ast.Call(self.ref(_match.suspend_for_buy_back), [_name("t")], [])
            pending = self.prepare([ast.If(_t_attr("pending"), [ast.Expr(call)], [])])
            return self.process(pending, None, True) + end
        finally:
            self.after = True

    def build(self, template: Callable[..., Any], extra: dict[str, Any], name: str) -> Step:
        """The step of one decision: ``template`` (its check, then the decision) generated."""
        call = ast.Call(_name("TEMPLATE"), [_name("t"), _name("action")], [])
        body = self.process(self.prepare(self.instantiate(template, call, extra)), None, True) + self.epilogue()
        localize = _Localize(self)
        if self.on_table:
            body = localize.on_table(body)
            body = _prologue_on_table(body) + body
        else:
            body = localize.block(body)
            body = _prologue(body, self.events, localize.listed) + body
        args = ast.arguments([], [ast.arg(self.arg), ast.arg("action")], None, [], [], None, [])
        tree = ast.Module([ast.FunctionDef(name, args, body, [], None)], [])
        source = ast.unparse(ast.fix_missing_locations(tree))
        exec(compile(source, f"<generated {name}>", "exec"), self.ns)
        made = self.ns[name]
        made.source = source
        return made  # type: ignore[no-any-return]


def _name(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def _t_attr(attr: str) -> ast.Attribute:
    return ast.Attribute(_name("t"), attr, ast.Load())


def _refuse() -> None:
    """Stands, in a template, for the step refused: the engine's own step then says why."""


def _is_method(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Attribute) and _is_t(call.func.value)


def _t_method_self(call: ast.Call) -> ast.expr:
    assert isinstance(call.func, ast.Attribute)
    return call.func.value


class _Rename(ast.NodeTransformer):
    """One inlined copy of a function: its table parameter becomes ``t``, its locals ``prefix``
    + name, a global its value (:meth:`_Generator.ref`)."""

    def __init__(self, gen: _Generator, table: str, bound: set[str], prefix: str, scope: dict[str, Any]):
        self.gen, self.table, self.bound, self.prefix, self.scope = gen, table, bound, prefix, scope

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id == self.table:
            return ast.Name("t", node.ctx)
        if node.id in self.bound:
            return ast.Name(self.prefix + node.id, node.ctx)
        if node.id in self.scope:
            return self.gen.ref(self.scope[node.id])
        if node.id in __builtins__ if isinstance(__builtins__, dict) else hasattr(__builtins__, node.id):
            return node
        raise Unsupported(f"unknown name {node.id}")

    def visit_arg(self, node: ast.arg) -> ast.arg:
        if node.arg in self.bound:
            node.arg = self.prefix + node.arg
        node.annotation = None
        return node


def _split_tuples(body: list[ast.stmt]) -> list[ast.stmt]:
    """``a, b = x, y`` as ``a = x`` and ``b = y`` where no value reads a target (names and
    the table's attributes), so each target may be folded alone."""
    out: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If):
            node.body, node.orelse = _split_tuples(node.body), _split_tuples(node.orelse)
        elif isinstance(node, (ast.For, ast.While)):
            node.body = _split_tuples(node.body)
        elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)
              and isinstance(node.value, ast.Tuple) and len(node.targets[0].elts) == len(node.value.elts)):
            targets = node.targets[0].elts
            keys = {_key(e) for e in targets}
            if None not in keys and not any(_key(n) in keys for v in node.value.elts for n in ast.walk(v)):
                out += [ast.Assign([ast.Name(e.id, ast.Store()) if isinstance(e, ast.Name) else
                                    ast.Attribute(e.value, e.attr, ast.Store())], v)  # type: ignore[attr-defined]
                        for e, v in zip(targets, node.value.elts)]
                continue
        out.append(node)
    return out


def _key(node: ast.AST) -> Optional[str]:
    """A name, or the table's attribute, as a key (None for any other target)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and _is_t(node.value):
        return "t." + node.attr
    return None


def _constant_locals(gen: _Generator, body: list[ast.stmt]) -> dict[str, ast.expr]:
    """The locals of ``body`` assigned once, to a known value (an option, a constant) or to the
    table's ``events`` (or its ``deal`` where nothing in ``body`` may change it): each read of
    them may be replaced by the value."""
    stores: dict[str, int] = {}
    values: dict[str, ast.expr] = {}
    changes_deal = False
    for node in (n for s in body for n in ast.walk(s)):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Attribute) and _is_t(node.value) and node.attr == "deal":
            changes_deal |= not isinstance(node.ctx, ast.Load)
        elif _t_call(node):
            changes_deal = True
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values[node.targets[0].id] = node.value
    aliases = {}
    for name, value in values.items():
        if stores.get(name) != 1:
            continue
        table_field = isinstance(value, ast.Attribute) and _is_t(value.value) and (
            value.attr == "events" or (value.attr == "deal" and not changes_deal))
        same_name = isinstance(value, ast.Name) and value.id != "t" and value.id not in stores
        if gen.known(value) is not _UNKNOWN or table_field or same_name:
            aliases[name] = value
    return aliases


def _assigns_alias(node: ast.stmt, aliases: dict[str, ast.expr]) -> bool:
    return (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in aliases)


def _drop_dead(body: list[ast.stmt], gen: _Generator) -> list[ast.stmt]:
    """``body`` without the branches a known test rules out, nor what follows a return."""
    out: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If):
            test = _truth(node.test, gen)
            if test is not None:
                out += _drop_dead(node.body if test else node.orelse, gen)
                if out and isinstance(out[-1], (ast.Return, ast.Raise)):
                    return out
                continue
            node.body = _drop_dead(node.body, gen) or [ast.Pass()]
            node.orelse = _drop_dead(node.orelse, gen)
        elif isinstance(node, (ast.For, ast.While)):
            node.body = _drop_dead(node.body, gen) or [ast.Pass()]
        out.append(node)
        if isinstance(node, (ast.Return, ast.Raise)):
            break
    return out


def _truth(test: ast.expr, gen: _Generator) -> Optional[bool]:
    """What ``test`` comes to in an ``if``, where it is known (an 'and' with a false operand and
    no call in it is false)."""
    value = gen.known(test)
    if value is not _UNKNOWN:
        return bool(value)
    if isinstance(test, ast.BoolOp) and not any(isinstance(n, ast.Call) for n in ast.walk(test)):
        known = [gen.known(v) for v in test.values]
        decisive = not isinstance(test.op, ast.And)
        if any(v is not _UNKNOWN and bool(v) == decisive for v in known):
            return decisive
    return None


class _Localize(ast.NodeTransformer):
    """The table's attributes as locals (``t.hands`` -> ``t_hands``; the notes' fields read
    from ``t_notes`` and written by :func:`_put_note`), and the markers of the state so far
    (``__state__``) and of the step's result (``__freeze__``) as the expressions that build them."""

    def __init__(self, gen: _Generator):
        self.gen = gen
        self.state: ast.expr = ast.Constant(None)
        self.listed: set[str] = set()

    def block(self, body: list[ast.stmt]) -> list[ast.stmt]:
        body = [self.visit(s) for s in body]
        names = {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name)}
        stored = {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        self.listed = {f for f in ("hands", "custody") if "t_" + f in stored or _needs_list(body, "t_" + f)}
        fields: list[ast.expr] = []
        for field in _STATE_FIELDS:
            local: ast.expr = _name("t_" + field)
            if field == "match" and stored & {"t_" + f for f in _MATCH_FIELDS}:
                standing = ast.Tuple([_name("t_" + f) for f in _MATCH_FIELDS], ast.Load())
                same = ast.Compare(standing, [ast.Eq()], [_name("t_match")])
                local = ast.IfExp(same, _name("t_match"), ast.Call(_name("new_match"), [standing], []))
            elif field in self.listed:
                local = ast.Call(_name("tuple"), [local], [])
            fields.append(local)
        self.state = ast.Call(_name("new_state"), [ast.Tuple(fields, ast.Load())], [])
        del names
        return [_Markers(self.state, self.gen.events).visit(s) for s in body]

    def on_table(self, body: list[ast.stmt]) -> list[ast.stmt]:
        """``body`` for a step on the live table (:func:`play_out`): the locals the step changed
        are written back to it where the step ends (``__freeze__``) or hands it to a rule
        function (``__writeback__``); no State is built."""
        return _written_back(_sunk([self.visit(s) for s in body]), set())

    def visit_Assign(self, node: ast.Assign) -> ast.stmt:
        target = node.targets[0]
        if (len(node.targets) == 1 and isinstance(target, ast.Attribute) and _is_t(target.value)
                and target.attr in _NOTE_FIELDS):
            index = ast.Constant(_NOTE_FIELDS.index(target.attr))
            value = self.visit(node.value)
            return ast.Assign([ast.Name("t_notes", ast.Store())],
                              ast.Call(_name("_put_note"), [_name("t_notes"), index, value], []))
        self.generic_visit(node)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.stmt:
        target = node.target
        if isinstance(target, ast.Attribute) and _is_t(target.value) and target.attr in _NOTE_FIELDS:
            read = ast.Attribute(_name("t"), target.attr, ast.Load())
            return self.visit_Assign(ast.Assign([target], ast.BinOp(read, node.op, node.value)))
        self.generic_visit(node)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        value = node.value
        if isinstance(value, ast.Attribute) and _is_t(value.value) and value.attr == "deal" and node.attr in (
                "dealer", "order") and isinstance(node.ctx, ast.Load):
            return _name("t_" + node.attr)
        if not _is_t(value):
            self.generic_visit(node)
            return node
        if node.attr in Table.__slots__:
            return ast.Name("t_" + node.attr, node.ctx)
        if node.attr in _NOTE_FIELDS and isinstance(node.ctx, ast.Load):
            return ast.Attribute(_name("t_notes"), node.attr, ast.Load())
        if node.attr in ("players", "deal_number") and isinstance(node.ctx, ast.Load):
            return ast.Attribute(_name("t_deal"), node.attr, ast.Load())
        raise Unsupported(f"the table's {node.attr}")

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id == "t":
            raise Unsupported("the table itself handed on")
        return node


class _Markers(ast.NodeTransformer):
    def __init__(self, state: ast.expr, events: bool):
        self.state, self.events = state, events

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id == "__state__":
            return _copy(self.state)
        if node.id == "__freeze__":
            if self.events:
                return ast.Tuple([_copy(self.state), ast.Call(_name("tuple"), [_name("t_events")], [])], ast.Load())
            return _copy(self.state)
        return node


# The Table's fields a step on the live table reads into locals and writes back (not its events,
# none being recorded, nor ``cite``, the rules' own)
_TABLE_FIELDS = tuple(f for f in Table.__slots__ if f not in ("events", "cite"))


def _written_back(body: list[ast.stmt], stored: set[str]) -> list[ast.stmt]:
    """``body`` with each ``return __freeze__`` and each ``__writeback__`` marker replaced by the
    writes to the live table of the fields a path to it may have changed (``stored``: the locals
    assigned before ``body``; in a loop, its whole body), then a bare return for the former."""
    out: list[ast.stmt] = []
    for node in body:
        marker = node.value if isinstance(node, (ast.Return, ast.Expr)) else None
        if isinstance(marker, ast.Name) and marker.id in ("__freeze__", "__writeback__"):
            out += [ast.Assign([ast.Attribute(_name("T"), f, ast.Store())], _name("t_" + f))
                    for f in _TABLE_FIELDS if "t_" + f in stored]
            if marker.id == "__freeze__":
                out.append(ast.Return(None))
            continue
        if isinstance(node, (ast.For, ast.While)):
            inside = stored | _stores([node])
            node.body = _written_back(node.body, inside) or [ast.Pass()]
            node.orelse = _written_back(node.orelse, inside)
        elif isinstance(node, ast.If):
            node.body = _written_back(node.body, stored) or [ast.Pass()]
            node.orelse = _written_back(node.orelse, stored)
        stored = stored | _stores([node])
        out.append(node)
    return out


def _is_freeze(node: ast.stmt) -> bool:
    return isinstance(node, ast.Return) and isinstance(node.value, ast.Name) and node.value.id == "__freeze__"


def _sunk(body: list[ast.stmt]) -> list[ast.stmt]:
    """``body`` with a ``return __freeze__`` that follows an ``if`` moved into each of its branches
    that does not end already: each path then writes back only what it may have changed."""
    if len(body) >= 2 and _is_freeze(body[-1]) and isinstance(body[-2], ast.If):
        branch = body[-2]
        for field in ("body", "orelse"):
            block = getattr(branch, field)
            if not _ends(block):
                setattr(branch, field, _sunk([s for s in block if not isinstance(s, ast.Pass)] + [body[-1]]))
        return body[:-1]
    return body


def _stores(body: list[ast.stmt]) -> set[str]:
    """The names ``body`` assigns."""
    return {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _copy_stmt(node: ast.stmt) -> ast.stmt:
    return copy.deepcopy(node)


def _prologue_on_table(body: list[ast.stmt]) -> list[ast.stmt]:
    """The locals a step on the live table reads (:meth:`_Localize.on_table`): the fields it
    names, by reference (``hands`` and ``custody`` are the table's own lists)."""
    names = {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name)}
    out: list[ast.stmt] = [ast.Assign([ast.Name("t_" + f, ast.Store())], ast.Attribute(_name("T"), f, ast.Load()))
                           for f in _TABLE_FIELDS if "t_" + f in names]
    if "t_cite" in names:
        out.append(ast.Assign([ast.Name("t_cite", ast.Store())], ast.Attribute(_name("T"), "cite", ast.Load())))
    return out


def _needs_list(body: list[ast.stmt], name: str) -> bool:
    """True when ``name`` (hands, custody) is written item by item or handed on as a whole."""
    for node in (n for s in body for n in ast.walk(s)):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name:
            if not isinstance(node.ctx, ast.Load):
                return True
        elif isinstance(node, (ast.Assign, ast.Call)):
            values = [node.value] if isinstance(node, ast.Assign) else node.args
            flat = [e for v in values for e in (v.elts if isinstance(v, ast.Tuple) else [v])]
            if any(isinstance(v, ast.Name) and v.id == name for v in flat):
                return True
    return False


def _prologue(body: list[ast.stmt], events: bool, listed: set[str]) -> list[ast.stmt]:
    """The locals a step reads, from the State's fields (a list where hands or custody are written)."""
    names = {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name)}

    def unpack(fields: tuple[str, ...], source: str) -> ast.stmt:
        targets = ast.Tuple([ast.Name("t_" + f, ast.Store()) for f in fields], ast.Store())
        return ast.Assign([targets], _name(source))

    out = [unpack(_STATE_FIELDS, "state")]
    if names & {"t_rules", "t_dealer", "t_order"}:
        out.append(unpack(_DEAL_FIELDS, "t_deal"))
    if names & {"t_" + f for f in _MATCH_FIELDS}:
        out.append(unpack(_MATCH_FIELDS, "t_match"))
    for field in ("hands", "custody"):
        if field in listed and _needs_list(body, "t_" + field):
            out.append(ast.Assign([ast.Name("t_" + field, ast.Store())],
                                  ast.List([ast.Starred(_name("t_" + field), ast.Load())], ast.Load())))
    if events:
        out.append(ast.Assign([ast.Name("t_events", ast.Store())], ast.List([], ast.Load())))
    if "t_cite" in names:
        out.append(ast.Assign([ast.Name("t_cite", ast.Store())],
                              ast.Attribute(_name("t_rules"), "citation_of", ast.Load())))
    return out


# --------------------------------------------------------------------------- the templates
# What engine.step does around a decision's rule function (``_check``'s commonest case, then
# ``_play``), written as the calls the generator inlines: KIND, DECISION and REFUSE are bound
# for each decision; the end of ``_play`` (a buy-back decided at once) is _Generator.epilogue.


def _decision_template(t: Table, action: Action) -> None:
    open_now = engine._is_open(t, KIND)  # type: ignore[name-defined]  # noqa: F821
    if action.seat != t.actor or action.stack is not None or not open_now:
        REFUSE()  # type: ignore[name-defined]  # noqa: F821
    DECISION(t)  # type: ignore[name-defined]  # noqa: F821


def _shuffle_template(t: Table, action: Action) -> None:
    if not is_shuffled(t.rules, action.stack):
        REFUSE()  # type: ignore[name-defined]  # noqa: F821
    start_deal(t, action.stack)  # type: ignore[arg-type]
    turn_to(t, 0)


def _generate(rules: Rules, events: bool, on_table: bool = False) -> dict[tuple[str, str], Step]:
    """Every decision's step for ``rules`` (those the generator cannot build are left out);
    ``on_table``: steps on the live table of :func:`play_out` (no events)."""
    made: dict[tuple[str, str], Step] = {}
    general: Step = _on_engine if on_table else engine.step if events else engine.advance
    jobs: list[tuple[str, str, Callable[..., Any], dict[str, Any]]] = [
        (Phase.SHUFFLE, ActionKind.SHUFFLE, _shuffle_template, {})]
    for phase, by_kind in engine._DECISIONS.items():
        for kind, decision in by_kind.items():
            jobs.append((phase, kind, _decision_template, {"KIND": kind, "DECISION": decision}))
    for phase, kind, template, extra in jobs:
        gen = _Generator(rules, events, on_table)
        gen.general = general
        gen.after = template is _decision_template
        name = f"{phase}_{kind}".replace("-", "_") + ("_on_table" if on_table else "" if events else "_advance")
        try:
            made[phase, kind] = gen.build(template, {**extra, "REFUSE": _refuse}, name)
        except Unsupported as error:
            NOT_GENERATED[rules.name, phase, kind] = str(error)
    return made


# Why a decision's step was not generated, by (ruleset's name, phase, kind): for the tests and docs
NOT_GENERATED: dict[tuple[str, str, str], str] = {}


_CACHE: dict[tuple[int, bool, bool], tuple[Rules, dict[tuple[str, str], Step]]] = {}


def steps_for(rules: Rules, events: bool = True, on_table: bool = False) -> dict[tuple[str, str], Step]:
    """The generated steps of ``rules``, by (phase, kind of action), built once per Rules value
    (``on_table``: each taking the live table of :func:`play_out` and the action, returning
    nothing)."""
    key = (id(rules), events and not on_table, on_table)
    entry = _CACHE.get(key)
    if entry is None or entry[0] is not rules:
        entry = _CACHE[key] = (rules, _generate(rules, events, on_table))
    return entry[1]


def _on_engine(t: Table, action: Action) -> None:
    """A step on the live table as :func:`~cucu_ref.game.engine.play_out` takes it (checked,
    then played): a decision with no generated step, or one the generated step refuses (the
    check then raises, naming the rule)."""
    engine._check(t, action)
    engine._play(t, action)


def play_out(state: State, choose: Callable[[Table], Action], until: Callable[[Table, int], bool],
             max_steps: int = 100_000) -> tuple[State, int]:
    """:func:`~cucu_ref.game.engine.play_out` (the same arguments, the same live table handed to
    ``choose`` and ``until``, the same result) by the steps generated for its rules on the live
    table: no events, no State between the steps, the table's fields read into locals and
    written back only where a step changes them, ``hands`` and ``custody`` never copied.  The
    same checks (a refused action raises :class:`~cucu_ref.game.engine.IllegalActionError`
    naming the rule) and the same rules: the rulebook's functions, generated
    (``tests/test_compiled.py`` compares the state reached with ``engine.step``'s)."""
    rules = state[0][0]
    if type(rules) is not Rules:  # (the adjudicator's Recorder reads the options itself)
        return engine.play_out(state, choose, until, max_steps)
    made = steps_for(rules, False, True)

    def play(t: Table, action: Action) -> None:
        (made.get((t.phase, action[0])) or _on_engine)(t, action)

    t = Table(state, False)
    taken = engine.drive(t, choose, until, max_steps, play)
    return t.freeze(), taken


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """:func:`~cucu_ref.game.engine.step` by the generated step of the decision, where there is one."""
    rules = state[0][0]
    if type(rules) is not Rules:
        return engine.step(state, action)  # (the adjudicator's Recorder reads the options itself)
    entry = _CACHE.get((id(rules), True, False))
    steps = entry[1] if entry is not None and entry[0] is rules else steps_for(rules)
    made = steps.get((state[2], action[0]))
    return engine.step(state, action) if made is None else made(state, action)


def advance(state: State, action: Action) -> State:
    """:func:`~cucu_ref.game.engine.advance` by the generated step of the decision, where there is one."""
    rules = state[0][0]
    if type(rules) is not Rules:
        return engine.advance(state, action)
    entry = _CACHE.get((id(rules), False, False))
    steps = entry[1] if entry is not None and entry[0] is rules else steps_for(rules, False)
    made = steps.get((state[2], action[0]))
    return engine.advance(state, action) if made is None else made(state, action)


def source_of(rules: Rules, phase: str, kind: str, events: bool = True, on_table: bool = False) -> Optional[str]:
    """The generated source of one decision's step (None where the engine's step is used)."""
    made = steps_for(rules, events, on_table).get((phase, kind))
    return None if made is None else str(made.source)  # type: ignore[attr-defined]

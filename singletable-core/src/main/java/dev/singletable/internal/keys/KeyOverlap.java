package dev.singletable.internal.keys;

import dev.singletable.KeyTemplate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Decides whether two escaped templates can compose one text, or a template a text with a given
 * prefix, from literal text and escape sets alone: each template is an automaton over the texts it
 * composes (literal text, then in each slot any run of characters outside the escape set or
 * {@code \} followed by one inside it), and the product of two automata is searched breadth first
 * for a state where both have read a whole key. Characters that appear in no literal text and no
 * escape set behave alike, so one symbol stands for all of them; the search is finite and exact for
 * slots holding any string. The text found is the shortest, so messages can show it.
 */
final class KeyOverlap {
    /** The symbol of every character that no literal text and no escape set holds. */
    private static final int OTHER = -1;

    private KeyOverlap() {
    }

    /** @param escapesA what each slot of {@code a} escapes besides {@code \}, sorted; likewise {@code escapesB} */
    static Optional<String> commonText(KeyTemplate a, List<int[]> escapesA, KeyTemplate b, List<int[]> escapesB) {
        return search(new TemplateAutomaton(a, escapesA), new TemplateAutomaton(b, escapesB));
    }

    static Optional<String> textStartingWith(KeyTemplate template, List<int[]> escapes, String prefix, boolean exact) {
        return search(new TemplateAutomaton(template, escapes), new PrefixAutomaton(prefix, exact));
    }

    private interface Automaton {
        int start();

        /** The states reached from {@code state} on {@code symbol}, without the empty moves after them. */
        List<Integer> step(int state, int symbol);

        /** The state with its empty moves: a state may stand for several. */
        List<Integer> closure(int state);

        boolean accepts(int state);

        /** The code points that matter to this automaton. */
        List<Integer> alphabet();
    }

    private static Optional<String> search(Automaton a, Automaton b) {
        TreeSet<Integer> symbols = new TreeSet<>();
        symbols.addAll(a.alphabet());
        symbols.addAll(b.alphabet());
        symbols.add((int) KeyTemplate.ESCAPE);
        List<Integer> alphabet = new ArrayList<>(symbols);
        alphabet.add(OTHER);
        int other = 'x';
        while (symbols.contains(other)) {
            other++;
        }
        Map<Long, Long> parent = new HashMap<>();
        Map<Long, Integer> via = new HashMap<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        for (int sa : a.closure(a.start())) {
            for (int sb : b.closure(b.start())) {
                long pair = pair(sa, sb);
                if (parent.putIfAbsent(pair, -1L) == null) {
                    queue.add(pair);
                }
            }
        }
        while (!queue.isEmpty()) {
            long pair = queue.poll();
            int sa = (int) (pair >>> 32);
            int sb = (int) pair;
            if (a.accepts(sa) && b.accepts(sb)) {
                StringBuilder text = new StringBuilder();
                for (long at = pair; parent.get(at) != -1L; at = parent.get(at)) {
                    int symbol = via.get(at);
                    text.insert(0, Character.toChars(symbol == OTHER ? other : symbol));
                }
                return Optional.of(text.toString());
            }
            for (int symbol : alphabet) {
                for (int na : a.step(sa, symbol)) {
                    for (int ca : a.closure(na)) {
                        for (int nb : b.step(sb, symbol)) {
                            for (int cb : b.closure(nb)) {
                                long next = pair(ca, cb);
                                if (parent.putIfAbsent(next, pair) == null) {
                                    via.put(next, symbol);
                                    queue.add(next);
                                }
                            }
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static long pair(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    /**
     * The texts a template composes. States: for each literal, one per code point read (its last is the
     * literal's end); for each slot, two (reading the value; just read {@code \}).
     */
    private static final class TemplateAutomaton implements Automaton {
        private final int[][] literals;
        private final List<int[]> escapes;
        /** The first state of each literal; the slot after literal i has states literalStart[i+1] - 2 and - 1. */
        private final int[] literalStart;
        private final int states;

        TemplateAutomaton(KeyTemplate template, List<int[]> escapes) {
            List<String> texts = template.literals();
            this.literals = new int[texts.size()][];
            this.literalStart = new int[texts.size()];
            this.escapes = escapes;
            int next = 0;
            for (int i = 0; i < texts.size(); i++) {
                literals[i] = texts.get(i).codePoints().toArray();
                literalStart[i] = next;
                next += literals[i].length + 1 + (i + 1 < texts.size() ? 2 : 0);
            }
            this.states = next;
        }

        /** True when the slot after literal {@code i} escapes the symbol. */
        private boolean escaped(int i, int symbol) {
            return symbol == KeyTemplate.ESCAPE || symbol != OTHER && Arrays.binarySearch(escapes.get(i), symbol) >= 0;
        }

        /** The literal a state belongs to, or -1 - i for the slot after literal i. */
        private int literalOf(int state) {
            for (int i = literals.length - 1; i >= 0; i--) {
                if (state >= literalStart[i]) {
                    int offset = state - literalStart[i];
                    return offset <= literals[i].length ? i : -1 - i;
                }
            }
            throw new IllegalStateException("state " + state);
        }

        @Override
        public int start() {
            return 0;
        }

        @Override
        public List<Integer> step(int state, int symbol) {
            int literal = literalOf(state);
            if (literal >= 0) {
                int offset = state - literalStart[literal];
                return offset < literals[literal].length && literals[literal][offset] == symbol ? List.of(state + 1) : List.of();
            }
            int i = -1 - literal;
            int reading = literalStart[i] + literals[i].length + 1;
            if (state == reading) {
                if (symbol == KeyTemplate.ESCAPE) {
                    return List.of(reading + 1);
                }
                return escaped(i, symbol) ? List.of() : List.of(reading);
            }
            return escaped(i, symbol) ? List.of(reading) : List.of();
        }

        @Override
        public List<Integer> closure(int state) {
            int literal = literalOf(state);
            if (literal >= 0 && state - literalStart[literal] == literals[literal].length && literal + 1 < literals.length) {
                int reading = state + 1;
                return List.of(state, reading, literalStart[literal + 1]);
            }
            if (literal < 0) {
                int i = -1 - literal;
                int reading = literalStart[i] + literals[i].length + 1;
                if (state == reading) {
                    return List.of(state, literalStart[i + 1]); // the slot may end here
                }
            }
            return List.of(state);
        }

        @Override
        public boolean accepts(int state) {
            int last = literals.length - 1;
            return state == literalStart[last] + literals[last].length;
        }

        @Override
        public List<Integer> alphabet() {
            List<Integer> alphabet = new ArrayList<>();
            for (int[] literal : literals) {
                for (int cp : literal) {
                    alphabet.add(cp);
                }
            }
            for (int[] slot : escapes) {
                for (int escaped : slot) {
                    alphabet.add(escaped);
                }
            }
            return alphabet;
        }

        @Override
        public String toString() {
            return "TemplateAutomaton[" + states + " states]";
        }
    }

    /** The texts that start with a prefix (or equal it). */
    private static final class PrefixAutomaton implements Automaton {
        private final int[] prefix;
        private final boolean exact;

        PrefixAutomaton(String prefix, boolean exact) {
            this.prefix = prefix.codePoints().toArray();
            this.exact = exact;
        }

        @Override
        public int start() {
            return 0;
        }

        @Override
        public List<Integer> step(int state, int symbol) {
            if (state < prefix.length) {
                return prefix[state] == symbol ? List.of(state + 1) : List.of();
            }
            return exact ? List.of() : List.of(state);
        }

        @Override
        public List<Integer> closure(int state) {
            return List.of(state);
        }

        @Override
        public boolean accepts(int state) {
            return state == prefix.length;
        }

        @Override
        public List<Integer> alphabet() {
            return Arrays.stream(prefix).boxed().toList();
        }
    }
}

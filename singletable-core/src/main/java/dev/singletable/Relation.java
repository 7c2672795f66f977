package dev.singletable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A many-to-many relation between two entity types, stored as adjacency items in both partitions
 * (seed 000's users and groups, seed 003's memberships and post tags): relating user {@code u1} to
 * group {@code g1} writes {@code USER#u1 / GROUP#g1} in the user's partition and its mirror
 * {@code GROUP#g1 / USER#u1} in the group's, in one transaction. Each adjacency item holds both
 * sides' key values and the attributes copied from each side (a group's name on the user's items, a
 * user's name on the group's), so that one query of either partition lists the related entities
 * with what a listing shows.
 *
 * <p>Declared once and added to the table with {@link TableSchema.Builder#relation}; the two item
 * types ({@link #firstSideItems()}, {@link #secondSideItems()}, entities of {@link DynamicItem}) are
 * then entity types of the table, checked with the others (no two types can write one key).
 *
 * <pre>{@code
 * static final Relation<User, Group> MEMBERSHIP = Relation.between("Membership", USER, GROUP)
 *         .firstSide("USER#{userId}", "GROUP#{groupId}")      // in the user's partition: the user's groups
 *         .secondSide("GROUP#{groupId}", "USER#{userId}")     // in the group's partition: the group's members
 *         .copyFromFirst(USER_NAME)
 *         .copyFromSecond(GROUP_NAME)
 *         .propagateCopies()                                  // opt-in: an update of a name rewrites its copies
 *         .build();
 *
 * TableSchema schema = TableSchema.builder("AppTable").entities(USER, GROUP).relation(MEMBERSHIP).build();
 * table.relate(alice, admins, MEMBERSHIP);                          // both items, one TransactWriteItems; idempotent
 * List<Adjacency<User, Group>> groups = table.related(alice, MEMBERSHIP);          // one Query
 * List<User> members = table.relatedEntities(admins, MEMBERSHIP.inverse());       // one Query + BatchGetItem
 * }</pre>
 *
 * <p>The edge itself can carry attributes (seed 000's membership {@code JoinDate} and {@code Role}):
 * declared with {@link Builder#edge}, given to {@code relate} as {@link EdgeValues}, written onto both
 * adjacency items and read back typed with {@link Adjacency#edge}. An adjacency item holds both ends' key
 * values under the names its templates use; when the two entities share a key attribute name (both
 * {@code User{id}} and {@code Group{id}}), or an entity is related with itself (a user follows users),
 * {@link Builder#firstKeyAs} and {@link Builder#secondKeyAs} give each end's key its own name on the items:
 *
 * <pre>{@code
 * static final Relation<User, User> FOLLOWS = Relation.between("Follows", USER, USER)
 *         .firstKeyAs("id", "followerId").secondKeyAs("id", "followeeId")
 *         .firstSide("USER#{followerId}", "FOLLOWS#{followeeId}")          // in the follower's partition: whom they follow
 *         .secondSide("USER#{followeeId}", "FOLLOWED_BY#{followerId}")     // in the followee's partition: their followers
 *         .itemTypes("Follows", "FollowedBy")
 *         .build();
 * table.relate(ada, bob, FOLLOWS);                                  // ada follows bob
 * List<User> following = table.relatedEntities(ada, FOLLOWS);       // [bob]
 * List<User> followers = table.relatedEntities(bob, FOLLOWS.inverse());   // [ada]
 * }</pre>
 *
 * <p>Refused when built ({@link SchemaDefinitionException} naming relation, item type, template and
 * the fix): a side's templates without a slot for a key attribute of either entity (the item could not
 * name both ends), a partition template with a slot that is not the near entity's key (it could not be
 * queried from that entity), a slot for no key attribute, two ends whose keys would have one name on the
 * items (rename one with {@code firstKeyAs}/{@code secondKeyAs}), a copied attribute of another entity or
 * in a key, an edge attribute named as a key or copied attribute.
 *
 * @param <A> the entity type of the side this view starts from
 * @param <B> the entity type of the far side
 */
@Experimental
public final class Relation<A, B> {
    private final String name;
    private final EntitySchema<A> near;
    private final EntitySchema<B> far;
    private final EntitySchema<DynamicItem> nearItems;
    private final EntitySchema<DynamicItem> farItems;
    private final List<Attribute<A, ?>> nearCopied;
    private final List<Attribute<B, ?>> farCopied;
    private final boolean propagates;
    private final boolean inverted;
    private final Map<String, String> nearKeyNames;
    private final Map<String, String> farKeyNames;
    private final List<Attribute<DynamicItem, ?>> edge;

    private Relation(String name, EntitySchema<A> near, EntitySchema<B> far, EntitySchema<DynamicItem> nearItems,
                     EntitySchema<DynamicItem> farItems, List<Attribute<A, ?>> nearCopied, List<Attribute<B, ?>> farCopied,
                     boolean propagates, boolean inverted, Map<String, String> nearKeyNames, Map<String, String> farKeyNames,
                     List<Attribute<DynamicItem, ?>> edge) {
        this.nearKeyNames = nearKeyNames;
        this.farKeyNames = farKeyNames;
        this.edge = edge;
        this.name = name;
        this.near = near;
        this.far = far;
        this.nearItems = nearItems;
        this.farItems = farItems;
        this.nearCopied = nearCopied;
        this.farCopied = farCopied;
        this.propagates = propagates;
        this.inverted = inverted;
    }

    /** Starts a relation between two entity types; {@code first} and {@code second} name its sides. */
    public static <A, B> Builder<A, B> between(String name, EntitySchema<A> first, EntitySchema<B> second) {
        NullArgumentException.check("Relation.between", "name", name, "first", first, "second", second);
        return new Builder<>(name, first, second);
    }

    /**
     * An attribute of a relation's edge, to declare with {@link Builder#edge} and give in {@link EdgeValues}:
     * it reads its value from an adjacency item.
     *
     * <pre>{@code static final Attribute<DynamicItem, LocalDate> JOIN_DATE = Relation.edgeAttribute("JoinDate", AttributeTypes.LOCAL_DATE);}</pre>
     */
    public static <V> Attribute<DynamicItem, V> edgeAttribute(String name, AttributeType<V> type) {
        NullArgumentException.check("Relation.edgeAttribute", "name", name, "type", type);
        return Attribute.of(name, type, (DynamicItem item) -> castUnchecked(item.values().get(name)));
    }

    /**
     * As {@link #edgeAttribute}, for an attribute every {@code relate} must give a value:
     *
     * <pre>{@code static final Attribute<DynamicItem, String> ROLE = Relation.requiredEdgeAttribute("Role", AttributeTypes.STRING);}</pre>
     */
    public static <V> Attribute<DynamicItem, V> requiredEdgeAttribute(String name, AttributeType<V> type) {
        NullArgumentException.check("Relation.requiredEdgeAttribute", "name", name, "type", type);
        return Attribute.required(name, type, (DynamicItem item) -> castUnchecked(item.values().get(name)));
    }

    @SuppressWarnings("unchecked")
    private static <V> V castUnchecked(Object value) {
        return (V) value; // stored through the attribute's own type
    }

    /** The relation's name, as {@code verifyRelation} and the CLI take it. */
    public String name() {
        return name;
    }

    /** The entity this view starts from: the first side as declared, the second in the {@link #inverse()}. */
    public EntitySchema<A> first() {
        return near;
    }

    /** The far entity of this view. */
    public EntitySchema<B> second() {
        return far;
    }

    /** The adjacency items in the partition of {@link #first()}: querying them lists a first entity's related entities. */
    public EntitySchema<DynamicItem> firstSideItems() {
        return nearItems;
    }

    /** The mirror items, in the partition of {@link #second()}. */
    public EntitySchema<DynamicItem> secondSideItems() {
        return farItems;
    }

    /** The attributes of {@link #first()} copied onto both adjacency items. */
    public List<Attribute<A, ?>> copiedFromFirst() {
        return nearCopied;
    }

    /** The attributes of {@link #second()} copied onto both adjacency items. */
    public List<Attribute<B, ?>> copiedFromSecond() {
        return farCopied;
    }

    /**
     * The key attributes of {@link #first()} and the names their values have on the adjacency items, in
     * key template order: the same name unless renamed with {@link Builder#firstKeyAs}.
     */
    public Map<String, String> firstKeyAttributes() {
        return nearKeyNames;
    }

    /** The key attributes of {@link #second()} and their names on the adjacency items; see {@link #firstKeyAttributes()}. */
    public Map<String, String> secondKeyAttributes() {
        return farKeyNames;
    }

    /** The attributes of the edge itself, written onto both adjacency items; see {@link Builder#edge}. */
    public List<Attribute<DynamicItem, ?>> edgeAttributes() {
        return edge;
    }

    /** True when writes of either entity rewrite the copies on its adjacency items; see {@link Builder#propagateCopies()}. */
    public boolean propagatesCopies() {
        return propagates;
    }

    /** The same relation seen from the second side: {@code table.related(group, MEMBERSHIP.inverse())} lists a group's users. */
    public Relation<B, A> inverse() {
        return new Relation<>(name, far, near, farItems, nearItems, farCopied, nearCopied, propagates, !inverted, farKeyNames,
                nearKeyNames, edge);
    }

    /** True for the view {@link #inverse()} gives, false for the relation as declared. */
    public boolean isInverse() {
        return inverted;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Relation<?, ?> other && other.name.equals(name) && other.inverted == inverted
                && other.nearItems == nearItems && other.farItems == farItems;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, inverted);
    }

    @Override
    public String toString() {
        return "Relation[" + name + ": " + near.type() + " -> " + far.type() + " (" + nearItems.primaryKey() + ", mirror "
                + farItems.primaryKey() + ")]";
    }

    /** Builds a {@link Relation}; see the class example. */
    public static final class Builder<A, B> {
        private final String name;
        private final EntitySchema<A> first;
        private final EntitySchema<B> second;
        private IndexKey firstSide;
        private IndexKey secondSide;
        private String firstType;
        private String secondType;
        private final List<Attribute<A, ?>> firstCopied = new ArrayList<>();
        private final List<Attribute<B, ?>> secondCopied = new ArrayList<>();
        private boolean propagates;
        private final Map<String, String> firstRenames = new LinkedHashMap<>();
        private final Map<String, String> secondRenames = new LinkedHashMap<>();
        private final List<Attribute<DynamicItem, ?>> edge = new ArrayList<>();

        private Builder(String name, EntitySchema<A> first, EntitySchema<B> second) {
            if (name.isBlank()) {
                throw new SchemaDefinitionException("A relation between " + first.type() + " and " + second.type()
                        + " has a blank name; give it one, such as \"" + first.type() + second.type() + "\"");
            }
            this.name = name;
            this.first = first;
            this.second = second;
            this.firstType = first.type() + second.type();
            this.secondType = second.type() + first.type();
        }

        /**
         * The keys of the adjacency item in the first entity's partition: a partition template made of
         * the first entity's key slots, and a sort template holding the second entity's key slots.
         */
        public Builder<A, B> firstSide(String partitionTemplate, String sortTemplate) {
            NullArgumentException.check("Relation.Builder.firstSide", "partitionTemplate", partitionTemplate, "sortTemplate", sortTemplate);
            this.firstSide = IndexKey.of(partitionTemplate, sortTemplate);
            return this;
        }

        /** The keys of the mirror item, in the second entity's partition; see {@link #firstSide}. */
        public Builder<A, B> secondSide(String partitionTemplate, String sortTemplate) {
            NullArgumentException.check("Relation.Builder.secondSide", "partitionTemplate", partitionTemplate, "sortTemplate", sortTemplate);
            this.secondSide = IndexKey.of(partitionTemplate, sortTemplate);
            return this;
        }

        /**
         * The entity type names of the two adjacency items, as written to the entity-type attribute;
         * by default the two entity names joined, first side first ({@code UserGroup}, {@code GroupUser}).
         */
        public Builder<A, B> itemTypes(String firstSideType, String secondSideType) {
            NullArgumentException.check("Relation.Builder.itemTypes", "firstSideType", firstSideType, "secondSideType", secondSideType);
            this.firstType = firstSideType;
            this.secondType = secondSideType;
            return this;
        }

        /**
         * The name the first entity's key attribute has on the adjacency items, and so in their templates,
         * when it cannot keep its own: both entities have a key attribute of that name ({@code User{id}},
         * {@code Group{id}}), or the relation relates an entity with itself.
         *
         * <pre>{@code Relation.between("Membership", USER, GROUP).firstKeyAs("id", "userId").secondKeyAs("id", "groupId")
         *         .firstSide("USER#{userId}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "USER#{userId}").build();}</pre>
         */
        public Builder<A, B> firstKeyAs(String keyAttribute, String itemAttribute) {
            NullArgumentException.check("Relation.Builder.firstKeyAs", "keyAttribute", keyAttribute, "itemAttribute", itemAttribute);
            firstRenames.put(keyAttribute, itemAttribute);
            return this;
        }

        /** The name the second entity's key attribute has on the adjacency items; see {@link #firstKeyAs}. */
        public Builder<A, B> secondKeyAs(String keyAttribute, String itemAttribute) {
            NullArgumentException.check("Relation.Builder.secondKeyAs", "keyAttribute", keyAttribute, "itemAttribute", itemAttribute);
            secondRenames.put(keyAttribute, itemAttribute);
            return this;
        }

        /**
         * Attributes of the edge itself (seed 000's {@code JoinDate}, {@code Role}), made with
         * {@link Relation#edgeAttribute}: {@code relate} writes the {@link EdgeValues} it is given onto both
         * adjacency items, and {@link Adjacency#edge} reads them back typed. A required attribute
         * ({@code Attribute.required}) must be given to every {@code relate}.
         *
         * <pre>{@code .edge(JOIN_DATE, ROLE)}</pre>
         */
        @SafeVarargs
        @SuppressWarnings("varargs") // the array is only read
        public final Builder<A, B> edge(Attribute<DynamicItem, ?>... attributes) {
            addAll("Relation.Builder.edge", "give Attribute constants made with Relation.edgeAttribute", edge, attributes);
            return this;
        }

        /** Attributes of the first entity written onto both adjacency items (such as a user's name). */
        @SafeVarargs
        @SuppressWarnings("varargs") // the array is only read
        public final Builder<A, B> copyFromFirst(Attribute<A, ?>... attributes) {
            addAll("Relation.Builder.copyFromFirst", "give the entity's Attribute constants", firstCopied, attributes);
            return this;
        }

        /** Attributes of the second entity written onto both adjacency items (such as a group's name). */
        @SafeVarargs
        @SuppressWarnings("varargs") // the array is only read
        public final Builder<A, B> copyFromSecond(Attribute<B, ?>... attributes) {
            addAll("Relation.Builder.copyFromSecond", "give the entity's Attribute constants", secondCopied, attributes);
            return this;
        }

        /** Adds each of {@code attributes} to {@code into}, refusing a null array or element in {@code method}; it keeps none of the array. */
        private static <X> void addAll(String method, String fix, List<X> into, X[] attributes) {
            if (attributes == null) {
                throw new NullArgumentException(method, "attributes", fix);
            }
            for (X attribute : attributes) {
                NullArgumentException.check(method, "attribute", attribute);
                into.add(attribute);
            }
        }

        /**
         * Opt-in: after {@code put}, {@code replace} or {@code update} of an entity of either side
         * (sync or async, not inside a transaction or batch), the table rewrites the copies on that
         * entity's adjacency items where they differ. Cost per write: one Query of the entity's
         * partition for its adjacency items (paged), then, only for the pairs whose copies differ,
         * TransactWriteItems of up to 50 pairs (100 UpdateItem actions, each requiring its item to exist,
         * so a pair removed meanwhile is not brought back; pairs removed meanwhile are dropped and the
         * rest sent again once). Transactions rather than BatchWriteItem: a pair's two copies change
         * together, and a batch's puts would resurrect a pair unrelated in between.
         */
        public Builder<A, B> propagateCopies() {
            this.propagates = true;
            return this;
        }

        /** @throws SchemaDefinitionException naming relation, item type, template and the fix */
        public Relation<A, B> build() {
            String where = "Relation " + name + " (" + first.type() + " - " + second.type() + ")";
            if (firstSide == null || secondSide == null) {
                throw new SchemaDefinitionException(where + ": declare the keys of both adjacency items, firstSide(\"" + lead(first)
                        + "\", \"" + lead(second) + "\") and secondSide(\"" + lead(second) + "\", \"" + lead(first) + "\")");
            }
            Map<String, String> firstNames = keyNames(where, "firstKeyAs", first, firstRenames);
            Map<String, String> secondNames = keyNames(where, "secondKeyAs", second, secondRenames);
            Map<String, Attribute<?, ?>> firstKeys = keyAttributes(first, firstNames);
            Map<String, Attribute<?, ?>> secondKeys = keyAttributes(second, secondNames);
            for (String slot : firstKeys.keySet()) {
                if (secondKeys.containsKey(slot)) {
                    boolean self = first.type().equals(second.type());
                    throw new SchemaDefinitionException(where + ": " + (self ? "relates " + first.type() + " with itself, so both ends have"
                            : "both entities have") + " key attribute '" + slot + "', and an adjacency item holds both ends' key values "
                            + "by name; give them two names on the items, such as firstKeyAs(\"" + slot + "\", \"" + (self ? "from"
                            : lower(first.type())) + cap(slot) + "\").secondKeyAs(\"" + slot + "\", \"" + (self ? "to"
                            : lower(second.type())) + cap(slot) + "\"), and use those names in the templates");
                }
            }
            checkSide(where, firstType, firstSide, first, firstKeys, second, secondKeys);
            checkSide(where, secondType, secondSide, second, secondKeys, first, firstKeys);
            if (firstType.equals(secondType)) {
                throw new SchemaDefinitionException(where + ": both adjacency item types are named '" + firstType
                        + "'; give them two names with itemTypes(...)");
            }
            Map<String, Attribute<?, ?>> copied = new LinkedHashMap<>();
            checkCopied(where, first, firstCopied, firstKeys, secondKeys, copied);
            checkCopied(where, second, secondCopied, firstKeys, secondKeys, copied);
            Map<String, Attribute<?, ?>> edgeAttributes = new LinkedHashMap<>();
            for (Attribute<DynamicItem, ?> attribute : edge) {
                String clash = firstKeys.containsKey(attribute.name()) || secondKeys.containsKey(attribute.name()) ? "a key attribute"
                        : copied.containsKey(attribute.name()) ? "a copied attribute"
                        : edgeAttributes.containsKey(attribute.name()) ? "an edge attribute declared twice" : null;
                if (clash != null) {
                    throw new SchemaDefinitionException(where + ": edge attribute '" + attribute.name() + "' has the name of " + clash
                            + " of the adjacency items, which hold one value per name; give it another name");
                }
                edgeAttributes.put(attribute.name(), attribute);
            }
            Map<String, Attribute<?, ?>> itemAttributes = new LinkedHashMap<>(firstKeys);
            itemAttributes.putAll(secondKeys);
            EntitySchema<DynamicItem> firstItems = itemSchema(where, firstType, firstSide, itemAttributes, copied, edgeAttributes);
            EntitySchema<DynamicItem> secondItems = itemSchema(where, secondType, secondSide, itemAttributes, copied, edgeAttributes);
            return new Relation<>(name, first, second, firstItems, secondItems, List.copyOf(firstCopied), List.copyOf(secondCopied),
                    propagates, false, firstNames, secondNames, List.copyOf(edge));
        }

        /** Each key attribute of the entity and its name on the items, renames checked against the entity's keys. */
        private static Map<String, String> keyNames(String where, String method, EntitySchema<?> entity, Map<String, String> renames) {
            Map<String, String> names = new LinkedHashMap<>();
            for (KeyTemplate template : entity.primaryKey().templates()) {
                for (String slot : template.attributeNames()) {
                    names.putIfAbsent(slot, renames.getOrDefault(slot, slot));
                }
            }
            for (String renamed : renames.keySet()) {
                if (!names.containsKey(renamed)) {
                    throw new SchemaDefinitionException(where + ": " + method + "(\"" + renamed + "\", \"" + renames.get(renamed) + "\") "
                            + "renames '" + renamed + "', which is not a key attribute of " + entity.type() + " " + names.keySet()
                            + "; rename one of those");
                }
            }
            return Collections.unmodifiableMap(names);
        }

        private static String cap(String name) {
            return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
        }

        private static String lead(EntitySchema<?> entity) {
            return entity.type().toUpperCase(java.util.Locale.ROOT) + "#" + entity.primaryKey().partition().attributeNames().stream()
                    .findFirst().map(s -> "{" + s + "}").orElse("");
        }

        private static String lower(String type) {
            return type.isEmpty() ? type : Character.toLowerCase(type.charAt(0)) + type.substring(1);
        }

        /** The attributes filling the entity's primary key slots, by their names on the items, in template order. */
        private static Map<String, Attribute<?, ?>> keyAttributes(EntitySchema<?> entity, Map<String, String> names) {
            Map<String, Attribute<?, ?>> keys = new LinkedHashMap<>();
            names.forEach((slot, itemName) -> keys.put(itemName, entity.attribute(slot).orElseThrow()));
            return keys;
        }

        private static void checkSide(String where, String itemType, IndexKey side, EntitySchema<?> near, Map<String, Attribute<?, ?>> nearKeys,
                                      EntitySchema<?> far, Map<String, Attribute<?, ?>> farKeys) {
            String templates = "'" + side.partition().text() + "' / '" + side.sort().map(KeyTemplate::text).orElse("") + "'";
            for (String slot : side.partition().attributeNames()) {
                if (!nearKeys.containsKey(slot)) {
                    throw new SchemaDefinitionException(where + ": item type " + itemType + " lives in " + near.type() + "'s partition, "
                            + "but its partition template '" + side.partition().text() + "' has slot {" + slot + "}, which is not a key "
                            + "attribute of " + near.type() + " " + nearKeys.keySet() + ", so it could not be queried from a "
                            + near.type() + "; use only " + near.type() + "'s key slots there, such as '" + lead(near) + "'");
                }
            }
            Set<String> used = new LinkedHashSet<>();
            for (KeyTemplate template : side.templates()) {
                used.addAll(template.attributeNames());
            }
            for (String slot : used) {
                if (!nearKeys.containsKey(slot) && !farKeys.containsKey(slot)) {
                    throw new SchemaDefinitionException(where + ": item type " + itemType + "'s templates " + templates + " have slot {"
                            + slot + "}, which is a key attribute of neither " + near.type() + " " + nearKeys.keySet() + " nor "
                            + far.type() + " " + farKeys.keySet() + "; an adjacency key holds the two entities' keys only");
                }
            }
            for (Map<String, Attribute<?, ?>> keys : List.of(nearKeys, farKeys)) {
                for (String slot : keys.keySet()) {
                    if (!used.contains(slot)) {
                        EntitySchema<?> owner = keys == nearKeys ? near : far;
                        throw new SchemaDefinitionException(where + ": item type " + itemType + "'s templates " + templates
                                + " have no slot for " + owner.type() + "'s key attribute '" + slot + "', so the item could not name the "
                                + owner.type() + " it relates; add {" + slot + "} to its " + (keys == nearKeys ? "partition" : "sort")
                                + " template, such as '" + owner.type().toUpperCase(java.util.Locale.ROOT) + "#{" + slot + "}'");
                    }
                }
            }
        }

        private static <X> void checkCopied(String where, EntitySchema<X> owner, List<Attribute<X, ?>> attributes,
                                            Map<String, Attribute<?, ?>> firstKeys, Map<String, Attribute<?, ?>> secondKeys,
                                            Map<String, Attribute<?, ?>> copied) {
            for (Attribute<X, ?> attribute : attributes) {
                if (owner.attribute(attribute.name()).orElse(null) != attribute) {
                    throw new SchemaDefinitionException(where + ": copied attribute '" + attribute.name() + "' is not an attribute of "
                            + owner.type() + "; copy " + owner.type() + "'s own Attribute constants (" + owner.attributes().stream()
                            .map(Attribute::name).toList() + ")");
                }
                if (firstKeys.containsKey(attribute.name()) || secondKeys.containsKey(attribute.name())) {
                    throw new SchemaDefinitionException(where + ": copied attribute '" + attribute.name() + "' is a key attribute, which "
                            + "every adjacency item holds already; copy only other attributes");
                }
                if (copied.putIfAbsent(attribute.name(), attribute) != null) {
                    throw new SchemaDefinitionException(where + ": attribute '" + attribute.name() + "' is copied twice (from both "
                            + "entities, or twice from one); an adjacency item holds one value per name: copy it from one side");
                }
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static EntitySchema<DynamicItem> itemSchema(String where, String itemType, IndexKey side, Map<String, Attribute<?, ?>> keys,
                                                            Map<String, Attribute<?, ?>> copied,
                                                            Map<String, Attribute<?, ?>> edge) {
            EntitySchema.Builder<DynamicItem> builder = EntitySchema.builder(DynamicItem.class).type(itemType);
            List<Attribute<DynamicItem, ?>> attributes = new ArrayList<>();
            keys.forEach((attributeName, source) -> attributes.add(Attribute.required(attributeName, (AttributeType) source.type(),
                    (DynamicItem item) -> item.values().get(attributeName))));
            copied.forEach((attributeName, source) -> attributes.add(Attribute.of(attributeName, (AttributeType) source.type(),
                    (DynamicItem item) -> item.values().get(attributeName))));
            edge.forEach((attributeName, source) -> attributes.add(Attribute.of(attributeName, (AttributeType) source.type(),
                    (DynamicItem item) -> item.values().get(attributeName))));
            attributes.forEach(builder::attribute);
            List<Attribute<DynamicItem, ?>> ordered = Collections.unmodifiableList(attributes);
            builder.factory(reader -> {
                DynamicItem.Builder item = DynamicItem.builder(itemType);
                for (Attribute<DynamicItem, ?> attribute : ordered) {
                    // has(): a copied list or map the item lacks reads as absent, not as the empty one get() gives
                    Object value = reader.has(attribute) || attribute.isRequired() ? reader.get(attribute) : null;
                    if (value != null) {
                        item.set(attribute.name(), value);
                    }
                }
                return item.build();
            });
            try {
                return builder.primaryKey(side.partition().text(), side.sort().orElseThrow().text()).build();
            } catch (SchemaDefinitionException e) {
                throw new SchemaDefinitionException(where + ": item type " + itemType + ": " + e.getMessage());
            }
        }
    }
}

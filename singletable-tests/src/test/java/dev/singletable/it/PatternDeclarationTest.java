package dev.singletable.it;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.Relation;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.it.PatternsModel.Group;
import dev.singletable.it.PatternsModel.Product;
import dev.singletable.it.PatternsModel.User;
import java.util.List;

import org.junit.jupiter.api.Test;

import static dev.singletable.it.PatternsModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Relations and entity states that cannot work are refused when declared, naming entity, template and the fix. */
class PatternDeclarationTest {

    @Test
    void relation_whenASideHasNoSlotForTheOtherEntitysKey_isRefused() {
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP)
                .firstSide("USER#{userId}", "GROUP").secondSide("GROUP#{groupId}", "USER#{userId}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): item type UserGroup's templates 'USER#{userId}' / 'GROUP' have no slot "
                        + "for Group's key attribute 'groupId', so the item could not name the Group it relates; add {groupId} to its sort "
                        + "template, such as 'GROUP#{groupId}'");
    }

    @Test
    void relation_whenAPartitionTemplateUsesTheFarEntitysKey_isRefused() {
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP)
                .firstSide("GROUP#{groupId}", "USER#{userId}").secondSide("GROUP#{groupId}", "USER#{userId}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): item type UserGroup lives in User's partition, but its partition "
                        + "template 'GROUP#{groupId}' has slot {groupId}, which is not a key attribute of User [userId], so it could "
                        + "not be queried from a User; use only User's key slots there, such as 'USER#{userId}'");
    }

    @Test
    void relation_whenAnEntityIsRelatedWithItselfKeepingItsKeyName_isRefusedNamingTheRenames() {
        assertThatThrownBy(() -> Relation.between("Follows", USER, USER).firstSide("USER#{userId}", "FOLLOWS")
                .secondSide("USER#{userId}", "FOLLOWED_BY").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Follows (User - User): relates User with itself, so both ends have key attribute 'userId', and an "
                        + "adjacency item holds both ends' key values by name; give them two names on the items, such as "
                        + "firstKeyAs(\"userId\", \"fromUserId\").secondKeyAs(\"userId\", \"toUserId\"), and use those names in the templates");
    }

    @Test
    void relation_whenCopyingAKeyAttribute_isRefused() {
        assertThatThrownBy(() -> Relation.between("Membership", USER, GROUP).firstSide("USER#{userId}", "GROUP#{groupId}")
                .secondSide("GROUP#{groupId}", "USER#{userId}").copyFromFirst(USER_ID).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Membership (User - Group): copied attribute 'userId' is a key attribute, which every adjacency "
                        + "item holds already; copy only other attributes");
    }

    @Test
    void table_whenARelationNamesAnEntityTheTableLacks_isRefused() {
        assertThatThrownBy(() -> TableSchema.builder("Groupless").entities(USER).relation(MEMBERSHIP).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table Groupless: relation Membership names entity type Group, which is not in the table; add it with "
                        + "entities(...) (entities are [User])");
    }

    @Test
    void table_whenARelationsItemsCoincideWithAnotherEntitysKeys_isRefusedByTheKeyCheck() {
        Attribute<User, String> id = Attribute.required("userId", AttributeTypes.STRING, User::userId);
        EntitySchema<User> userWithGroupKeys = EntitySchema.builder(User.class).attributes(id)
                .primaryKey("USER#{userId}", "GROUP#{userId}").factory(i -> new User(i.get(id), null)).build();
        Relation<User, Group> membership = Relation.between("Membership", userWithGroupKeys, GROUP)
                .firstSide("USER#{userId}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "USER#{userId}").build();
        assertThatThrownBy(() -> TableSchema.builder("Clash").entities(userWithGroupKeys, GROUP).relation(membership).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessageStartingWith("Table Clash: entity types User ('USER#{userId}' / 'GROUP#{userId}') and UserGroup "
                        + "('USER#{userId}' / 'GROUP#{groupId}') can write the same primary key");
    }

    @Test
    void states_whenAnEnumValueHasNoState_isRefusedNamingIt() {
        Attribute<Product, String> id = Attribute.required("productId", AttributeTypes.STRING, Product::productId);
        Attribute<Product, Stage> stage = Attribute.required("stage", AttributeTypes.enumType(Stage.class), p -> Stage.DRAFT);
        assertThatThrownBy(() -> EntityStates.byEnum(stage, Stage.class, () -> EntitySchema.builder(Product.class).attributes(id, stage)
                        .factory(i -> new Product(i.get(id), "", false, null, null)))
                .state(Stage.DRAFT, "DraftProduct", b -> b.primaryKey("DRAFT#{productId}", "METADATA"))
                .state(Stage.LIVE, "LiveProduct", b -> b.primaryKey("LIVE#{productId}", "METADATA"))
                .build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Product: the states by 'stage' cover [DRAFT, LIVE] but not [RETIRED]; an entity with that value would "
                        + "have no key: add state(RETIRED, \"...\", b -> b.primaryKey(...))");
    }

    enum Stage { DRAFT, LIVE, RETIRED }

    @Test
    void states_whenTwoStatesHaveTheSameKeys_isRefused() {
        assertThatThrownBy(() -> EntityStates.byFlag(ARCHIVED, PatternsModel::product)
                .state(false, "ActiveProduct", b -> b.primaryKey("PRODUCT#{productId}", "METADATA"))
                .state(true, "ArchivedProduct", b -> b.primaryKey("PRODUCT#{productId}", "METADATA"))
                .build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Product: states ActiveProduct and ArchivedProduct have the same keys (PRODUCT#{productId} / METADATA), so "
                        + "nothing tells their items apart; give one of them other literal text, such as 'ARCHIVEDPRODUCT#{...}' in its "
                        + "primary key or in an index key");
    }

    @Test
    void table_whenAStateTemplateCoincidesWithAnotherEntitysKey_isRefused() {
        Attribute<User, String> id = Attribute.required("productId", AttributeTypes.STRING, User::userId);
        EntitySchema<User> lookalike = EntitySchema.builder(User.class).attributes(id)
                .primaryKey("ARCHIVED_PRODUCT#{productId}", "METADATA").factory(i -> new User(i.get(id), null)).build();
        assertThatThrownBy(() -> TableSchema.builder("Lookalike").states(PRODUCT).entity(lookalike).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessageStartingWith("Table Lookalike: entity types ArchivedProduct ('ARCHIVED_PRODUCT#{productId}' / 'METADATA') "
                        + "and User ('ARCHIVED_PRODUCT#{productId}' / 'METADATA') can write the same primary key");
    }

    @Test
    void states_ofDynamicItems_arePickedByTheStateAttributeNotByTheNamedType() {
        dev.singletable.Attribute<dev.singletable.DynamicItem, Boolean> flag = Attribute.required("archived", AttributeTypes.BOOLEAN,
                (dev.singletable.DynamicItem i) -> i.getBoolean("archived"));
        dev.singletable.Attribute<dev.singletable.DynamicItem, String> id = Attribute.required("id", AttributeTypes.STRING,
                (dev.singletable.DynamicItem i) -> i.getString("id"));
        EntityStates<dev.singletable.DynamicItem> states = EntityStates.byFlag(flag, () -> EntitySchema.builder(dev.singletable.DynamicItem.class)
                        .attributes(id, flag).factory(i -> dev.singletable.DynamicItem.builder("Item").build()))
                .state(false, "ActiveItem", b -> b.primaryKey("ACTIVE#{id}", "METADATA"))
                .state(true, "ArchivedItem", b -> b.primaryKey("ARCHIVED#{id}", "METADATA"))
                .build();
        dev.singletable.DynamicItem namedActiveButArchived = dev.singletable.DynamicItem.builder("ActiveItem").set("id", "i1")
                .set("archived", true).build();

        assertThat(states.stateOf(namedActiveButArchived).type()).isEqualTo("ArchivedItem");
    }

    @Test
    void byValues_whenAValueHasNoState_isRefusedNamingTheValue() {
        dev.singletable.Attribute<dev.singletable.DynamicItem, String> stage = Attribute.required("stage", AttributeTypes.STRING,
                (dev.singletable.DynamicItem i) -> i.getString("stage"));
        dev.singletable.Attribute<dev.singletable.DynamicItem, String> id = Attribute.required("id", AttributeTypes.STRING,
                (dev.singletable.DynamicItem i) -> i.getString("id"));
        assertThatThrownBy(() -> EntityStates.byValues(stage, List.of("DRAFT", "LIVE", "RETIRED"),
                        () -> EntitySchema.builder(dev.singletable.DynamicItem.class).attributes(id, stage)
                                .factory(i -> dev.singletable.DynamicItem.builder("Page").build()))
                .state("DRAFT", "DraftPage", b -> b.primaryKey("DRAFT#{id}", "PAGE"))
                .state("LIVE", "LivePage", b -> b.primaryKey("PAGE#{id}", "PAGE"))
                .build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("DraftPage/LivePage: the states by 'stage' cover [DRAFT, LIVE] but not [RETIRED]; an entity with that value "
                        + "would have no key: add state(RETIRED, \"...\", b -> b.primaryKey(...))");
        assertThatThrownBy(() -> EntityStates.byValues(stage, List.of("DRAFT", "LIVE", "RETIRED"),
                        () -> EntitySchema.builder(dev.singletable.DynamicItem.class).attributes(id, stage)
                                .factory(i -> dev.singletable.DynamicItem.builder("Page").build()))
                .entityName("Page")
                .state("DRAFT", "DraftPage", b -> b.primaryKey("DRAFT#{id}", "PAGE"))
                .build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Page: the states by 'stage' cover [DRAFT] but not [LIVE, RETIRED]; an entity with those values would "
                        + "have no key: add state(LIVE, \"...\", b -> b.primaryKey(...))");
    }

    private static final dev.singletable.Attribute<dev.singletable.DynamicItem, Boolean> FLAG = Attribute.required("archived",
            AttributeTypes.BOOLEAN, (dev.singletable.DynamicItem i) -> i.find("archived").map(Boolean.class::cast).orElse(null));
    private static final dev.singletable.Attribute<dev.singletable.DynamicItem, String> ITEM_ID = Attribute.required("id",
            AttributeTypes.STRING, (dev.singletable.DynamicItem i) -> i.getString("id"));

    /** A schema file's entity Item: its states are dynamic items, named by the file's entity name. */
    private static EntityStates<dev.singletable.DynamicItem> dynamicStates(boolean named) {
        EntityStates.Builder<dev.singletable.DynamicItem, Boolean> builder = EntityStates.byFlag(FLAG,
                () -> EntitySchema.builder(dev.singletable.DynamicItem.class).attributes(ITEM_ID, FLAG)
                        .factory(i -> dev.singletable.DynamicItem.builder("Item").build()));
        if (named) {
            builder.entityName("Item");
        }
        return builder.state(false, "ActiveItem", b -> b.primaryKey("ACTIVE#{id}", "METADATA"))
                .state(true, "ArchivedItem", b -> b.primaryKey("ARCHIVED#{id}", "METADATA"))
                .build();
    }

    @Test
    void state_whenNoStateIsForTheValue_namesTheEntityTheAttributeTheValueAndTheStates() {
        assertThatThrownBy(() -> PRODUCT.state("true"))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Product.archived = \"true\" (a String) picks no state; the states are false -> ActiveProduct, "
                        + "true -> ArchivedProduct, for Boolean values: give one of those values");
        assertThatThrownBy(() -> dynamicStates(true).state("maybe"))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Item.archived = \"maybe\" (a String) picks no state; the states are false -> ActiveItem, "
                        + "true -> ArchivedItem, for Boolean values: give one of those values");
        assertThat(dynamicStates(true).entityName()).isEqualTo("Item");
        assertThat(dynamicStates(false).entityName()).isEqualTo("ActiveItem/ArchivedItem");
        assertThat(PRODUCT.entityName()).isEqualTo("Product");
    }

    @Test
    void stateOf_whenTheStateAttributeIsMissing_namesTheEntityNotDynamicItem() {
        dev.singletable.DynamicItem noFlag = dev.singletable.DynamicItem.builder("ActiveItem").set("id", "i1").build();

        assertThatThrownBy(() -> dynamicStates(true).stateOf(noFlag))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("Item.archived is null, but it picks the entity's key (the states are false -> ActiveItem, "
                        + "true -> ArchivedItem); give it one of those values");
        assertThatThrownBy(() -> dynamicStates(false).stateOf(noFlag))
                .isInstanceOf(dev.singletable.ValidationException.class)
                .hasMessage("ActiveItem/ArchivedItem.archived is null, but it picks the entity's key (the states are "
                        + "false -> ActiveItem, true -> ArchivedItem); give it one of those values");
    }

    @Test
    void entityName_whenBlank_isRefused() {
        assertThatThrownBy(() -> EntityStates.byFlag(ARCHIVED, PatternsModel::product).entityName(" "))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("EntityStates of 'archived': the entity name is blank; give the entity's name, such as \"Product\"");
    }

    @Test
    void relation_whenASideIsAStateOfAnEntity_isRefusedNamingTheRelationTheEntityAndTheWayOut() {
        Relation<Product, Group> tagging = Relation.between("Stocking", PRODUCT.state(false), GROUP)
                .firstSide("PRODUCT#{productId}", "GROUP#{groupId}").secondSide("GROUP#{groupId}", "PRODUCT#{productId}").build();

        assertThatThrownBy(() -> TableSchema.builder("Shop").states(PRODUCT).entity(GROUP).relation(tagging).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table Shop: relation Stocking has ActiveProduct as its first side, but ActiveProduct is a state of Product, "
                        + "whose keys depend on 'archived' (false -> ActiveProduct, true -> ArchivedProduct): when the state changes the "
                        + "item moves to another key, and the relation's adjacency items and related(...) reads would still name the "
                        + "old one. Relations between state-keyed entities are not supported; relate an entity with fixed keys instead "
                        + "(give Product one primary key and put the state in a sparse index key, or relate an entity that holds its id)");
    }
}

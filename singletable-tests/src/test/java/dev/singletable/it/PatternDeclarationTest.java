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
    void relation_whenAnEntityIsRelatedWithItself_isRefused() {
        assertThatThrownBy(() -> Relation.between("Follows", USER, USER).firstSide("USER#{userId}", "FOLLOWS").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Relation Follows (User - User): relates User with itself; singletable's relations join two entity types "
                        + "whose key attributes have different names. Declare the two roles as entity types of their own (Follower, "
                        + "Followee), or write the adjacency items as an entity");
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
                .hasMessage("DynamicItem: the states by 'stage' cover [DRAFT, LIVE] but not [RETIRED]; an entity with that value would "
                        + "have no key: add state(RETIRED, \"...\", b -> b.primaryKey(...))");
    }
}

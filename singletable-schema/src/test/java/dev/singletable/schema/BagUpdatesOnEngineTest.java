package dev.singletable.schema;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Updates of the attributes an entity's attribute bag holds (those a schema file does not declare), on the embedded engine. */
class BagUpdatesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.parse("""
            format: singletable/1
            table:
              name: Shop
              partitionKey: {name: PK}
              sortKey: {name: SK}
              indexes:
                - {name: ByName, kind: global, partitionKey: {name: GSI1PK}, sortKey: {name: GSI1SK}}
            entities:
              Product:
                attributes:
                  productId: {type: string, required: true}
                  name: {type: string}
                keys: {pk: "PRODUCT#{productId}", sk: PRODUCT}
                indexes:
                  ByName: {pk: PRODUCTS, sk: "{name}"}
                attributeBag: true
              Note:
                attributes:
                  noteId: {type: string, required: true}
                  text: {type: string}
                keys: {pk: "NOTE#{noteId}", sk: NOTE}
            """, "shop.yaml");
    private static final EntitySchema<DynamicItem> PRODUCT = DESIGN.entity("Product");

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN);

    private static Map<String, AttributeValue> raw(String pk, String sk) {
        return new TreeMap<>(db.client().getItem(GetItemRequest.builder().tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build()).item());
    }

    private static void putProduct(String id) {
        db.table().put(DynamicItem.builder("Product").set("productId", id).set("name", "Desk")
                .unmappedAttributes(Map.of("color", AttributeValue.fromS("blue"), "legacyCode", AttributeValue.fromS("L-1"))).build());
    }

    @Test
    void update_whenBagAttributesAreSetAndRemoved_writesThemAndReturnsThemInTheBag() {
        putProduct("P1");

        DynamicItem updated = db.table().update(PRODUCT, KeyValues.of("productId", "P1"), u -> u
                .set(Attribute.inBag(PRODUCT, "color"), "green").set(Attribute.inBag(PRODUCT, "stock"), 4)
                .set(Attribute.inBag(PRODUCT, "dims"), Map.of("w", 3)).remove(Attribute.inBag(PRODUCT, "legacyCode")));

        Map<String, AttributeValue> dims = Map.of("w", AttributeValue.fromN("3"));
        assertThat(updated.unmappedAttributes()).isEqualTo(Map.of("color", AttributeValue.fromS("green"), "stock",
                AttributeValue.fromN("4"), "dims", AttributeValue.fromM(dims)));
        assertThat(raw("PRODUCT#P1", "PRODUCT")).isEqualTo(new TreeMap<>(Map.of("PK", AttributeValue.fromS("PRODUCT#P1"),
                "SK", AttributeValue.fromS("PRODUCT"), "entityType", AttributeValue.fromS("Product"), "productId", AttributeValue.fromS("P1"),
                "name", AttributeValue.fromS("Desk"), "GSI1PK", AttributeValue.fromS("PRODUCTS"), "GSI1SK", AttributeValue.fromS("Desk"),
                "color", AttributeValue.fromS("green"), "stock", AttributeValue.fromN("4"), "dims", AttributeValue.fromM(dims))));
    }

    @Test
    void explainUpdate_whenABagAttributeIsSetWithACondition_rendersItAsAnyAttribute() {
        Attribute<DynamicItem, Object> color = Attribute.inBag(PRODUCT, "color");

        UpdateItemRequest request = (UpdateItemRequest) db.table().explainUpdate(PRODUCT, KeyValues.of("productId", "P9"),
                u -> u.set(color, "green"), Condition.eq(color, "blue")).request();

        assertThat(request.updateExpression()).isEqualTo("SET #color = :v0");
        assertThat(request.conditionExpression()).isEqualTo("attribute_exists(#PK) AND #entityType = :v1 AND #color = :v2");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#color", "color", "#PK", "PK", "#entityType", "entityType"));
        assertThat(request.expressionAttributeValues()).isEqualTo(Map.of(":v0", AttributeValue.fromS("green"), ":v1",
                AttributeValue.fromS("Product"), ":v2", AttributeValue.fromS("blue")));
    }

    @Test
    void update_whenABagAttributesConditionFails_leavesTheItem() {
        putProduct("P2");
        Attribute<DynamicItem, Object> color = Attribute.inBag(PRODUCT, "color");

        assertThatThrownBy(() -> db.table().update(PRODUCT, KeyValues.of("productId", "P2"), u -> u.set(color, "red"),
                Condition.eq(color, "green"))).isInstanceOf(ConditionFailedException.class);
        assertThat(raw("PRODUCT#P2", "PRODUCT")).containsEntry("color", AttributeValue.fromS("blue"));
    }

    @Test
    void update_whenABagNameIsAnIndexKeyAttribute_refusesNamingEntityAttributeAndValue() {
        putProduct("P3");
        Attribute<DynamicItem, Object> indexKey = Attribute.inBag(PRODUCT, "GSI1SK");

        assertThatThrownBy(() -> db.table().update(PRODUCT, KeyValues.of("productId", "P3"), u -> u.set(indexKey, "Zzz")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Product {PK=PRODUCT#P3, SK=PRODUCT} changes 'GSI1SK' (SET to 'Zzz') in its attribute bag, but "
                        + "'GSI1SK' is a key attribute of index ByName, which singletable writes itself; no attribute of the bag may "
                        + "take its name: change a declared attribute, or give the bag's attribute another name");
        assertThat(raw("PRODUCT#P3", "PRODUCT")).containsEntry("GSI1SK", AttributeValue.fromS("Desk"));
    }

    @Test
    void update_whenABagNameIsTheTablesKeyOrEntityTypeAttribute_refusesEach() {
        KeyValues key = KeyValues.of("productId", "P4");
        for (String name : List.of("PK", "SK", "entityType")) {
            Attribute<DynamicItem, Object> shadow = Attribute.inBag(PRODUCT, name);

            assertThatThrownBy(() -> db.table().update(PRODUCT, key, u -> u.remove(shadow)))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageContaining("changes '" + name + "' (REMOVE) in its attribute bag, but '" + name + "' is the table's ");
        }
    }

    @Test
    void bagAttribute_whenTheNameIsDeclared_refusesNamingTheAttribute() {
        assertThatThrownBy(() -> Attribute.inBag(PRODUCT, "name"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Product: 'name' cannot be an attribute of its attribute bag: Product declares name; use attribute(\"name\")");
    }

    @Test
    void bagAttribute_whenTheEntityKeepsNoBag_refusesSayingHowToDeclareIt() {
        assertThatThrownBy(() -> Attribute.inBag(DESIGN.entity("Note"), "color"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Note: 'color' cannot be an attribute of its attribute bag, as Note keeps none; declare color as an "
                        + "attribute of Note, or give Note an attribute bag (attributeBag: true in a schema file, Builder.attributeBag in Java)");
    }

    @Test
    void update_whenTheEntityKeepsNoBagAndTheAttributeIsUndeclared_refusesSayingSo() {
        EntitySchema<DynamicItem> note = DESIGN.entity("Note");
        Attribute<DynamicItem, String> color = Attribute.of("color", AttributeTypes.STRING, item -> null);

        assertThatThrownBy(() -> db.table().update(note, KeyValues.of("noteId", "N1"), u -> u.set(color, "green")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Update of Note {PK=NOTE#N1, SK=NOTE} changes 'color', which is not an attribute of Note (an attribute of another "
                        + "entity?), and Note keeps no attribute bag for undeclared ones; its attributes are [noteId, text]");
    }

    @Test
    void update_whenABagNumberIsAdded_addsToTheStoredNumber() {
        putProduct("P5");
        Attribute<DynamicItem, Object> stock = Attribute.inBag(PRODUCT, "stock");

        db.table().update(PRODUCT, KeyValues.of("productId", "P5"), u -> u.set(stock, new BigDecimal("2")));
        DynamicItem updated = db.table().update(PRODUCT, KeyValues.of("productId", "P5"), u -> u.add(number(stock), BigDecimal.ONE));

        assertThat(updated.unmappedAttributes()).containsEntry("stock", AttributeValue.fromN("3"));
    }

    @SuppressWarnings("unchecked")
    private static Attribute<DynamicItem, BigDecimal> number(Attribute<DynamicItem, Object> attribute) {
        return (Attribute<DynamicItem, BigDecimal>) (Attribute<DynamicItem, ?>) attribute;
    }
}

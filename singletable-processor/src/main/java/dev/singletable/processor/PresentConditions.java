package dev.singletable.processor;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The index conditions that are Java methods only checking that one attribute has a value ({@code boolean isShipped()
 * { return shippedAt != null; }}), which the schema file can say exactly as {@code {present: shippedAt}}: the design tools
 * and the command line then evaluate them, where a {@code {java: isShipped}} is an upper bound they cannot run. Read through
 * javac's tree API; under another compiler, or for a method compiled from a class file, no method body is known and every
 * condition stays a Java method.
 */
final class PresentConditions {
    private final Trees trees;

    private PresentConditions(Trees trees) {
        this.trees = trees;
    }

    static PresentConditions of(ProcessingEnvironment env) {
        try {
            return new PresentConditions(Trees.instance(env));
        } catch (IllegalArgumentException | LinkageError e) {
            return new PresentConditions(null); // not javac: no method bodies
        }
    }

    /** For each index of these entities whose condition only checks one attribute's presence: that attribute's name, by {@link #key}. */
    Map<String, String> of(List<EntityModel> entities) {
        Map<String, String> present = new LinkedHashMap<>();
        for (EntityModel entity : entities) {
            for (EntityModel.IndexModel index : entity.indexes()) {
                if (index.condition() != null) {
                    attribute(entity, index).ifPresent(attribute -> present.put(key(entity, index), attribute));
                }
            }
        }
        return present;
    }

    /** The key of an entity's index in {@link #of}'s map. */
    static String key(EntityModel entity, EntityModel.IndexModel index) {
        return entity.typeName() + "\u0000" + index.name();
    }

    private Optional<String> attribute(EntityModel entity, EntityModel.IndexModel index) {
        if (trees == null) {
            return Optional.empty();
        }
        for (ExecutableElement method : ElementFilter.methodsIn(entity.element().getEnclosedElements())) {
            if (method.getSimpleName().contentEquals(index.condition()) && method.getReturnType().getKind() == TypeKind.BOOLEAN
                    && method.getModifiers().contains(Modifier.STATIC) == index.conditionIsStatic()
                    && method.getParameters().size() == (index.conditionIsStatic() ? 1 : 0)) {
                Optional<String> parameter = index.conditionIsStatic()
                        ? Optional.of(method.getParameters().get(0).getSimpleName().toString()) : Optional.empty();
                return checked(trees.getTree(method), parameter).flatMap(name -> entity.properties().stream()
                        .filter(p -> p.javaName().equals(name) && p.mapped() && !p.bag() && nullMeansAbsent(p.typeCode()))
                        .map(EntityModel.Property::attributeName).findFirst());
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the attribute's Java value is null exactly when the item lacks it: a scalar (text, number, boolean, instant,
     * enum, UUID); not a collection or optional, which is stored empty or absent for other reasons.
     */
    private static boolean nullMeansAbsent(EntityModel.TypeCode type) {
        return type.keyable() || type instanceof EntityModel.TypeCode.Constant constant && constant.name().equals("EPOCH_SECONDS");
    }

    /** The Java name the method's one statement, {@code return NAME != null;}, checks; empty for any other body. */
    private static Optional<String> checked(MethodTree method, Optional<String> parameter) {
        if (method == null || method.getBody() == null || method.getBody().getStatements().size() != 1
                || !(method.getBody().getStatements().get(0) instanceof ReturnTree returned)
                || !(unwrapped(returned.getExpression()) instanceof BinaryTree test) || test.getKind() != Tree.Kind.NOT_EQUAL_TO) {
            return Optional.empty();
        }
        ExpressionTree left = unwrapped(test.getLeftOperand());
        ExpressionTree right = unwrapped(test.getRightOperand());
        ExpressionTree checked = left.getKind() == Tree.Kind.NULL_LITERAL ? right : right.getKind() == Tree.Kind.NULL_LITERAL ? left : null;
        return checked == null ? Optional.empty() : name(checked, parameter);
    }

    /** {@code shippedAt}, {@code this.shippedAt}, {@code shippedAt()}, {@code this.shippedAt()} or {@code order.shippedAt()} (static). */
    private static Optional<String> name(ExpressionTree value, Optional<String> parameter) {
        ExpressionTree read = value;
        if (read instanceof MethodInvocationTree call) {
            if (!call.getArguments().isEmpty() || !call.getTypeArguments().isEmpty()) {
                return Optional.empty();
            }
            read = call.getMethodSelect();
        } else if (parameter.isPresent()) {
            return Optional.empty(); // a static method reads the entity through its parameter's accessors
        }
        if (read instanceof IdentifierTree identifier) {
            return parameter.isPresent() ? Optional.empty() : Optional.of(identifier.getName().toString());
        }
        if (read instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree owner
                && owner.getName().contentEquals(parameter.orElse("this"))) {
            return Optional.of(select.getIdentifier().toString());
        }
        return Optional.empty();
    }

    private static ExpressionTree unwrapped(ExpressionTree expression) {
        return expression instanceof ParenthesizedTree parenthesized ? unwrapped(parenthesized.getExpression()) : expression;
    }
}

package dev.singletable.it.declared;

import dev.singletable.annotations.Entity;
import dev.singletable.annotations.TableDesign;
import dev.singletable.annotations.TableDesign.RelationSide;

/**
 * Seed 000's users, groups and memberships declared once with annotations: the relation is a
 * {@code @TableDesign.Relation}, from which the processor generates {@code MembershipModelDesign.MEMBERSHIP}.
 */
@TableDesign(name = "DeclaredMemberships", entities = {MembershipModel.User.class, MembershipModel.Group.class},
        relations = @TableDesign.Relation(name = "Membership", first = MembershipModel.User.class, second = MembershipModel.Group.class,
                firstSide = @RelationSide(pk = "USER#{userId}", sk = "GROUP#{groupId}"),
                secondSide = @RelationSide(pk = "GROUP#{groupId}", sk = "USER#{userId}"),
                itemTypes = {"USERGROUP", "GROUPUSER"}, copyFromFirst = "userName", copyFromSecond = "groupName",
                propagateCopies = true))
final class MembershipModel {
    private MembershipModel() {
    }

    /** A user of seed 000. */
    @Entity(pk = "USER#{userId}", sk = "PROFILE")
    record User(String userId, String userName) {
    }

    /** A group of seed 000. */
    @Entity(pk = "GROUP#{groupId}", sk = "DETAILS")
    record Group(String groupId, String groupName) {
    }
}

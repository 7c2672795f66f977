# DynamoDB table ShapesTable, exported by singletable from ../designs/shapes.singletable.yaml

resource "aws_dynamodb_table" "shapes_table" {
  name = "ShapesTable"
  billing_mode = "PAY_PER_REQUEST"
  hash_key = "PK"
  range_key = "SK"
  deletion_protection_enabled = true

  attribute {
    name = "PK"
    type = "S"
  }

  attribute {
    name = "SK"
    type = "S"
  }

  attribute {
    name = "roomId"
    type = "S"
  }

  attribute {
    name = "createdAt"
    type = "S"
  }

  attribute {
    name = "LSI1SK"
    type = "S"
  }

  attribute {
    name = "GSI1PK"
    type = "S"
  }

  attribute {
    name = "points"
    type = "N"
  }

  global_secondary_index {
    name = "ByRoom"
    hash_key = "roomId"
    range_key = "createdAt"
    projection_type = "ALL"
  }

  global_secondary_index {
    name = "Leaderboard"
    hash_key = "GSI1PK"
    range_key = "points"
    projection_type = "INCLUDE"
    non_key_attributes = ["game", "player", "nickname", "entityType"]
  }

  local_secondary_index {
    name = "ByUserRoom"
    range_key = "LSI1SK"
    projection_type = "ALL"
  }

  point_in_time_recovery {
    enabled = true
  }

  tags = {
    "team" = "data"
    "cost-center" = "42"
  }
}
